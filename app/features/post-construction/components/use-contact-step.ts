import { useEffect, useState } from "react";
import { useNavigate, useNavigation } from "react-router";
import { useAppForm } from "~/components/forms/use-app-form";
import type { PostConstructionActionData } from "../post-construction-action.server";
import {
  POST_CONSTRUCTION_PATHS as PATHS,
  POST_CONSTRUCTION_TEXT,
  type RequestType,
} from "../post-construction-copy";
import {
  CONTACT_FIELDS,
  PostConstructionContactSchema,
  formErrors,
} from "../post-construction.schema";
import {
  clearRequest,
  loadContactDetails,
  loadPropertyForm,
  saveContactDetails,
  toFormPayload,
} from "./request-storage";

export type ContactStepState = ReturnType<typeof useContactStep>;

/**
 * The contact step's form and what it keeps: the completed property form (none sends the
 * customer back to it), the typed details saved on every change, and the problems to list.
 */
export function useContactStep(result: PostConstructionActionData | undefined) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  // The property form this tab completed, and the contact details kept so far; read once, since
  // this page renders only in the browser and nothing else changes them.
  const [property] = useState(() => {
    const stored = loadPropertyForm();
    return stored && Object.keys(formErrors(toFormPayload(stored))).length === 0 ? stored : null;
  });
  const [kept] = useState(loadContactDetails);
  const [requestType, setRequestType] = useState<RequestType>(kept.requestType);
  const { form, fields, formProps } = useAppForm(PostConstructionContactSchema, {
    id: "pc-contact",
    result,
    defaultValue: kept,
  });

  // Every change is kept for a refresh or a trip back to the property form.
  useEffect(() => {
    if (form.value) saveContactDetails(form.value);
  }, [form.value]);

  // Opened without a completed property form: back to it, saying why.
  useEffect(() => {
    if (!property) {
      void navigate(PATHS.form, {
        replace: true,
        state: { notice: POST_CONSTRUCTION_TEXT.formMissing },
      });
    }
  }, [property, navigate]);

  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  // The action redirected to the thank-you page: the request is stored, so the next starts afresh.
  const stored = navigation.state === "loading" && navigation.location.pathname === PATHS.thankYou;
  useEffect(() => {
    if (stored) clearRequest();
  }, [stored]);

  const errorList = CONTACT_FIELDS.map((field) => fields[field].errors?.[0]).filter(
    (error): error is string => Boolean(error),
  );
  const failure = !submitting && result?.formError;
  const message = errorList.length > 0 ? POST_CONSTRUCTION_TEXT.checkFields : failure || undefined;
  return {
    property,
    requestType,
    setRequestType,
    fields,
    formProps,
    submitting,
    stored,
    errorList,
    message,
  };
}
