import * as RadixToast from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { useHydrated } from "~/components/site/use-hydrated";
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";

/** The three things a toast tells staff (the tone sets its colour and how long it stays). */
export type ToastTone = "saved" | "failed" | "deleted";

export type ToastInput = {
  tone: ToastTone;
  title: string;
  description?: string;
  /** An Undo button; the toast closes when it is pressed. */
  undo?: { label?: string; onUndo: () => void };
};

type ShownToast = ToastInput & { id: number };

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

const TONES: Record<ToastTone, string> = {
  saved: "border-success/40 text-success dark:border-emerald-300/40 dark:text-emerald-300",
  failed: "border-danger/40 text-danger dark:border-red-300/40 dark:text-red-300",
  deleted: "border-ink/25 text-ink dark:border-ivory/30 dark:text-ivory",
};

/**
 * The admin's toasts (Radix: announced politely, paused on hover and focus, F8 jumps to them).
 * One provider in the admin layout; pages raise toasts with useToast or useResultToast.
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const hydrated = useHydrated();
  const nextId = useRef(0);
  const show = useCallback((toast: ToastInput) => {
    nextId.current += 1;
    const id = nextId.current;
    setToasts((shown) => [...shown.slice(-2), { ...toast, id }]);
  }, []);
  const close = (id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id));

  return (
    <ToastContext.Provider value={show}>
      <RadixToast.Provider swipeDirection="right" label="Message">
        {children}
        {toasts.map((toast) => (
          <RadixToast.Root
            key={toast.id}
            type={toast.tone === "failed" ? "foreground" : "background"}
            duration={toast.undo ? 8000 : 5000}
            onOpenChange={(open) => !open && close(toast.id)}
            className={`flex items-start gap-3 rounded-lg border bg-white p-4 shadow-lg shadow-ink/10 dark:bg-ink-raised ${TONES[toast.tone]}`}
          >
            <div className="min-w-0 flex-1">
              <RadixToast.Title className="text-sm font-semibold">{toast.title}</RadixToast.Title>
              {toast.description && (
                <RadixToast.Description className="mt-1 text-sm text-ink-soft dark:text-mist">
                  {toast.description}
                </RadixToast.Description>
              )}
            </div>
            {toast.undo && (
              <RadixToast.Action
                altText={`${toast.undo.label ?? "Undo"} (also in the page's own controls)`}
                onClick={toast.undo.onUndo}
                className="min-h-11 rounded-md border border-current px-3 text-sm font-semibold"
              >
                {toast.undo.label ?? "Undo"}
              </RadixToast.Action>
            )}
            <RadixToast.Close
              aria-label="Dismiss"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-ink-soft hover:bg-ink/5 dark:text-mist dark:hover:bg-ivory/10"
            >
              <X aria-hidden="true" className="size-4" />
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        {/* Rendered once hydrated: its focus guards carry inline styles, which the CSP refuses
            in server HTML, and toasts need JavaScript anyway. */}
        {hydrated && (
          <RadixToast.Viewport
            label="Messages ({hotkey})"
            className="fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
          />
        )}
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** Raises a toast; outside the provider (the public site) it does nothing. */
export function useToast() {
  return useContext(ToastContext) ?? noToast;
}

function noToast() {}

/** A toast an action can answer with (plain data: the Undo is added by the page). */
export type ToastMessage = Omit<ToastInput, "undo">;

/** What an action answers to be toasted after its form post. */
export type ResultToast = { toast?: ToastMessage };

/**
 * Raises the toast an action result carries, once per result (a new post is a new object).
 * Before JavaScript loads there is no toast: pages keep their inline status line for that.
 */
export function useResultToast(result: ResultToast | undefined, undo?: ToastInput["undo"]) {
  const show = useToast();
  const toast = result?.toast;
  const latestUndo = useRef(undo);
  useEffect(() => {
    latestUndo.current = undo;
  });
  const lastShown = useRef<object | undefined>(undefined);
  useEffect(() => {
    if (!toast || lastShown.current === toast) return;
    lastShown.current = toast;
    show({ ...toast, undo: toast.tone === "saved" ? latestUndo.current : undefined });
  }, [toast, show]);
}
