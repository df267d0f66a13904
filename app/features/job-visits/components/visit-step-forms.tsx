import { useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Field, NativeSelect } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import { ETA_CHOICES } from "../job-visits.schema";

/** The pending state of one intent's form. */
export function useIntentBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/** "On my way", with about how long until arrival: the customer is emailed both. */
export function OnMyWayForm({ error }: { error?: string }) {
  const busy = useIntentBusy("on-my-way");
  return (
    <Form method="post" className="grid gap-3">
      <input type="hidden" name="intent" value="on-my-way" />
      <Field
        label="About how long until you arrive?"
        hint="We email the client your first name and the time you expect to arrive, and text it too if they asked for texts."
        error={error}
        id="eta-minutes"
      >
        {(control) => (
          <NativeSelect {...control} name="etaMinutes" defaultValue="20">
            {ETA_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes < 60
                  ? `${minutes} minutes`
                  : minutes === 60
                    ? "1 hour"
                    : "1 hour 30 minutes"}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <button type="submit" disabled={busy} className={buttonClasses("outline", "w-full")}>
        {busy ? "Sending..." : "On my way"}
      </button>
    </Form>
  );
}

/**
 * Check in. Without JavaScript the form posts as it is (no location); with it, the phone is
 * asked for its position first, and a refusal or a timeout checks in without one.
 */
export function CheckInForm({ error }: { error?: string }) {
  const submit = useSubmit();
  const busy = useIntentBusy("check-in");
  const [locating, setLocating] = useState(false);
  const lat = useRef<HTMLInputElement>(null);
  const lng = useRef<HTMLInputElement>(null);
  const accuracy = useRef<HTMLInputElement>(null);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (!("geolocation" in navigator)) return;
    event.preventDefault();
    const form = event.currentTarget;
    setLocating(true);
    const send = () => {
      setLocating(false);
      void submit(form);
    };
    navigator.geolocation.getCurrentPosition(
      (position) => {
        lat.current!.value = String(position.coords.latitude);
        lng.current!.value = String(position.coords.longitude);
        accuracy.current!.value = String(Math.round(position.coords.accuracy * 10) / 10);
        send();
      },
      send,
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  };
  return (
    <Form method="post" onSubmit={onSubmit} className="grid gap-2">
      <input type="hidden" name="intent" value="check-in" />
      <input ref={lat} type="hidden" name="lat" defaultValue="" />
      <input ref={lng} type="hidden" name="lng" defaultValue="" />
      <input ref={accuracy} type="hidden" name="accuracy" defaultValue="" />
      <button type="submit" disabled={busy || locating} className={buttonClasses("ink", "w-full")}>
        {locating ? "Finding your location..." : busy ? "Checking in..." : "Check in"}
      </button>
      <p className="text-sm text-ink-soft">
        If your phone asks, you can share your location: the office only sees whether you checked in
        near the address. You can check in without it.
      </p>
      {error && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </Form>
  );
}
