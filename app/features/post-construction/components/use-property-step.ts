import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { POST_CONSTRUCTION_PATHS } from "../post-construction-copy";
import { formErrors } from "../post-construction.schema";
import { focusFirstProblem } from "./request-parts";
import { toFormPayload, usePropertyForm, type PropertyFormState } from "./request-storage";

const FIELD_ORDER = [
  "propertyType",
  "propertySize",
  "floors",
  "rooms",
  "bathrooms",
  "hasKitchen",
  "cleanType",
  "services",
  "floorTypes",
  "needsScaffolding",
  "additionalDetails",
  "clientPriorities",
  "photos",
  "additionalNotes",
] as const;

export type PropertyStep = ReturnType<typeof usePropertyStep>;

/**
 * The property form's state (kept in sessionStorage as it is typed) and Continue: it checks the
 * form with the schema the server uses, focuses the first problem, or moves on to the contact step.
 */
export function usePropertyStep() {
  const [state, setState] = usePropertyForm();
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  // A change to some fields: given as they are, or worked out from the current state.
  const update = (
    patch: Partial<PropertyFormState> | ((s: PropertyFormState) => Partial<PropertyFormState>),
  ) => setState((s) => ({ ...s, ...(typeof patch === "function" ? patch(s) : patch) }));

  // Messages show once Continue was pressed, then follow every change.
  const errors = attempted ? formErrors(toFormPayload(state)) : {};
  const errorList = FIELD_ORDER.map((field) => errors[field]).filter((error): error is string =>
    Boolean(error),
  );

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = formErrors(toFormPayload(state));
    setAttempted(true);
    if (Object.keys(found).length > 0) {
      focusFirstProblem(formRef.current, FIELD_ORDER, found);
      return;
    }
    void navigate(POST_CONSTRUCTION_PATHS.contact);
  }
  return { state, update, errors, errorList, formRef, onSubmit };
}
