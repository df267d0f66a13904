import {
  CalendarDays,
  ClipboardClock,
  Banknote,
  ChartPie,
  CircleUserRound,
  Contact,
  Inbox,
  LayoutDashboard,
  Mail,
  Megaphone,
  Route,
  ScrollText,
  Send,
  Settings,
  UserCog,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";

export type AdminNavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  /** What waits there, shown beside the label (the open contact messages) */
  count?: { value: number; label: string };
};

// docs/product/back-office.md#admin-layout: the sidebar's links, Messages (the contact inbox,
// docs/decisions/0046-contact-inbox.md) after Leads, then Customers, with the delivery log (docs/decisions/0008-webhook-outbox.md) after Settings, then the
// team and the audit log (owners, docs/decisions/0055-cleaner-edits-and-audit-log.md)
// and each person's own account. The layout passes in only those the role may open.
export const ADMIN_NAV: AdminNavItem[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/quotes", label: "Leads", icon: Inbox },
  { to: "/admin/messages", label: "Messages", icon: Mail },
  { to: "/admin/customers", label: "Customers", icon: Contact },
  { to: "/admin/schedule", label: "Schedule", icon: CalendarDays },
  { to: "/admin/dispatch", label: "Dispatch", icon: Route },
  { to: "/admin/cleaners", label: "Cleaners", icon: Users },
  { to: "/admin/finance", label: "Finance", icon: Wallet },
  { to: "/admin/timesheets", label: "Timesheets", icon: ClipboardClock },
  { to: "/admin/pay-runs", label: "Pay runs", icon: Banknote },
  { to: "/admin/margins", label: "Margins", icon: ChartPie },
  { to: "/admin/marketing", label: "Marketing", icon: Megaphone },
  { to: "/admin/settings", label: "Settings", icon: Settings },
  { to: "/admin/deliveries", label: "Deliveries", icon: Send },
  { to: "/admin/team", label: "Team", icon: UserCog },
  { to: "/admin/audit", label: "Audit log", icon: ScrollText },
  { to: "/admin/account", label: "Your account", icon: CircleUserRound },
];

/** The menu's links whose path is in `allowed`, in menu order, with the counts given by path. */
export function adminNavFor(
  allowed: readonly string[],
  counts: Partial<Record<string, AdminNavItem["count"]>> = {},
): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => allowed.includes(item.to)).map((item) => {
    const count = counts[item.to];
    return count ? { ...item, count } : item;
  });
}
