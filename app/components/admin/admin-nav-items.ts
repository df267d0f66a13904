import {
  Inbox,
  LayoutDashboard,
  Megaphone,
  Send,
  Settings,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";

export type AdminNavItem = { to: string; label: string; icon: LucideIcon };

// docs/product/back-office.md#admin-layout: the sidebar's links, with the delivery log (docs/decisions/0008-webhook-outbox.md) after Settings.
export const ADMIN_NAV: AdminNavItem[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/quotes", label: "Leads", icon: Inbox },
  { to: "/admin/cleaners", label: "Cleaners", icon: Users },
  { to: "/admin/finance", label: "Finance", icon: Wallet },
  { to: "/admin/marketing", label: "Marketing", icon: Megaphone },
  { to: "/admin/settings", label: "Settings", icon: Settings },
  { to: "/admin/deliveries", label: "Deliveries", icon: Send },
];
