import { data } from "react-router";

// Bodies come from strangers: a body that cannot be parsed is the caller's mistake (400),
// never a crash or a 500 with internals.

/** The submitted form, or a thrown 400 when the body is not a readable form. */
export async function readFormData(request: Request) {
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
