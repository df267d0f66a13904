import { data } from "react-router";

// Bodies come from strangers: a body that cannot be parsed is the caller's mistake (400),
// never a crash or a 500 with internals.

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Whether the body is declared as one of the two kinds an HTML form sends. */
export function isFormRequest(request: Request) {
  const type = request.headers.get("content-type")?.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  return FORM_TYPES.includes(type);
}

/** The answer to a body that is not a form at all (JSON, text): 415, never a crash. */
export function notAForm() {
  return data({ error: "Send the form as a form (urlencoded or multipart)." }, { status: 415 });
}

/**
 * The submitted form, or a thrown 415 when the body is not a form (JSON, text) and 400 when it is
 * one that cannot be read. Every action reads its body through this, never request.formData().
 */
export async function readFormData(request: Request) {
  if (!isFormRequest(request)) throw notAForm();
  try {
    return await request.formData();
  } catch {
    throw data({ error: "The form could not be read. Please try again." }, { status: 400 });
  }
}

/** The parsed JSON body, or a thrown 400 naming what is wrong with it. */
export async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().includes("application/json")) {
    throw data({ error: "Send the body as application/json." }, { status: 415 });
  }
  try {
    return await request.json();
  } catch {
    throw data({ error: "The request body is not valid JSON." }, { status: 400 });
  }
}
