import { data } from "react-router";
import { ROOM_CARDS } from "~/components/site/home/room-cards";
import { parseForm } from "~/lib/forms";
import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import {
  addBackgroundImageByUrl,
  addBackgroundImageFromFile,
  deleteBackgroundImageById,
  moveBackgroundImage,
  setRoomImageByUrl,
  setRoomImageFromFile,
  type AddImageResult,
} from "./background-images.service.server";
import {
  AddImageFileSchema,
  AddImageUrlSchema,
  ImageIdSchema,
  MoveImageSchema,
  ReviewFlagSchema,
  ReviewFormSchema,
  ReviewIdSchema,
  RoomImageFileSchema,
  RoomImageUrlSchema,
  type MarketingResult,
} from "./marketing.schema";
import { IMAGE_PROGRESS, MARKETING_TEXT } from "./marketing-text";
import {
  createReview,
  editReview,
  removeReview,
  setReviewOnHome,
  type FlagResult,
  type ReviewWriteResult,
} from "./reviews.service.server";

// The Marketing screen's action, one intent per form (docs/product/back-office.md#marketing).
// The route has checked the permission. A failure staff should know about comes back as a toast
// and a message (the spec only logged review failures; we show them, so staff know a save failed).

type Ctx = Pick<AppContext, "db" | "config" | "logger">;

const reply = (body: MarketingResult, status = 200) => data(body, status);

function saved(intent: string, title: string, subject?: string) {
  return reply({ intent, ok: true, subject, toast: { tone: "saved", title } });
}

function failed(intent: string, message: string, status: number, subject?: string) {
  return reply(
    { intent, ok: false, subject, formError: message, toast: { tone: "failed", title: message } },
    status,
  );
}

function fileOf(form: FormData, name: string) {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}

async function bytesOf(file: File | null) {
  return file ? { bytes: Buffer.from(await file.arrayBuffer()), name: file.name } : null;
}

function imageReply(intent: string, result: AddImageResult, done: string, subject?: string) {
  if (result.ok) return saved(intent, done, subject);
  // A link that is not Unsplash's is answered as the form that did not parse is, with a 400.
  if (result.fieldErrors?.url) {
    return reply({ intent, ok: false, subject, fieldErrors: result.fieldErrors }, 400);
  }
  return reply(
    {
      intent,
      ok: false,
      subject,
      fieldErrors: result.fieldErrors,
      toast: { tone: "failed", title: IMAGE_PROGRESS.failedTitle, description: result.message },
    },
    failureStatus(result.kind),
  );
}

function reviewReply(intent: string, result: ReviewWriteResult, done: string, subject?: string) {
  if (result.ok) return saved(intent, done, result.id);
  if (result.kind === "not_found" || result.kind === "conflict") {
    return failed(intent, result.message, failureStatus(result.kind), subject);
  }
  // A cleaner not on the list is answered as the form that did not parse is, with a 400.
  return reply({ intent, ok: false, subject, fieldErrors: result.fieldErrors }, 400);
}

function flagReply(intent: string, result: FlagResult, done: string, subject: string) {
  if (result === "changed") return saved(intent, done, subject);
  if (result === "not-found") return failed(intent, MARKETING_TEXT.reviewNotFound, 404, subject);
  return failed(intent, "Only a verified review can appear on the home page", 409, subject);
}

type Reply = ReturnType<typeof reply>;
type Handler = (ctx: Ctx, intent: string, form: FormData) => Promise<Reply>;

/** A form that did not parse: its messages by field and what was typed, with a 400. */
function notParsed(
  intent: string,
  parsed: { fieldErrors: MarketingResult["fieldErrors"]; values: MarketingResult["values"] },
  subject?: string,
) {
  const { fieldErrors, values } = parsed;
  return reply({ intent, ok: false, subject, fieldErrors, values }, 400);
}

const addImageByUrl: Handler = async ({ db }, intent, form) => {
  const parsed = parseForm(form, AddImageUrlSchema);
  if (!parsed.ok) return notParsed(intent, parsed);
  return imageReply(intent, await addBackgroundImageByUrl(db, parsed.value), IMAGE_PROGRESS.added);
};

const addImageFromFile: Handler = async ({ db, config }, intent, form) => {
  const parsed = parseForm(form, AddImageFileSchema);
  if (!parsed.ok) return notParsed(intent, parsed);
  const file = await bytesOf(fileOf(form, "photo"));
  const result = await addBackgroundImageFromFile(db, config, { title: parsed.value.title, file });
  return imageReply(intent, result, IMAGE_PROGRESS.added);
};

const moveImage: Handler = async ({ db }, intent, form) => {
  const parsed = parseForm(form, MoveImageSchema);
  if (!parsed.ok) return failed(intent, MARKETING_TEXT.unknown, 400);
  const moved = await moveBackgroundImage(db, parsed.value.id, parsed.value.direction);
  if (moved === "not-found") return failed(intent, MARKETING_TEXT.imageNotFound, 404);
  return saved(intent, MARKETING_TEXT.imageMoved, parsed.value.id);
};

const deleteImage: Handler = async ({ db }, intent, form) => {
  const parsed = parseForm(form, ImageIdSchema);
  if (!parsed.ok) return failed(intent, MARKETING_TEXT.unknown, 400);
  const deleted = await deleteBackgroundImageById(db, parsed.value.id);
  if (!deleted) return failed(intent, MARKETING_TEXT.imageNotFound, 404);
  return reply({
    intent,
    ok: true,
    toast: { tone: "deleted", title: MARKETING_TEXT.imageDeleted },
  });
};

const setRoomByUrl: Handler = async ({ db }, intent, form) => {
  const parsed = parseForm(form, RoomImageUrlSchema);
  if (!parsed.ok) return notParsed(intent, parsed, String(form.get("room") ?? ""));
  const { room } = parsed.value;
  const result = await setRoomImageByUrl(db, parsed.value);
  return imageReply(intent, result, MARKETING_TEXT.roomSaved(roomLabel(room)), room);
};

const setRoomFromFile: Handler = async ({ db, config }, intent, form) => {
  const parsed = parseForm(form, RoomImageFileSchema);
  if (!parsed.ok) return failed(intent, MARKETING_TEXT.unknown, 400);
  const { room } = parsed.value;
  const file = await bytesOf(fileOf(form, "photo"));
  const result = await setRoomImageFromFile(db, config, { room, file });
  return imageReply(intent, result, MARKETING_TEXT.roomSaved(roomLabel(room)), room);
};

const saveReview: Handler = async ({ db }, intent, form) => {
  const parsed = parseForm(form, ReviewFormSchema);
  const reviewId = String(form.get("reviewId") ?? "");
  if (!parsed.ok) return notParsed(intent, parsed, reviewId);
  if (intent === "review-create") {
    return reviewReply(intent, await createReview(db, parsed.value), MARKETING_TEXT.reviewAdded);
  }
  const result = await editReview(db, reviewId, parsed.value);
  return reviewReply(intent, result, MARKETING_TEXT.reviewSaved, reviewId);
};

const deleteReview: Handler = async ({ db }, intent, form) => {
  const parsed = parseForm(form, ReviewIdSchema);
  if (!parsed.ok) return failed(intent, MARKETING_TEXT.unknown, 400);
  if (!(await removeReview(db, parsed.value.reviewId))) {
    return failed(intent, MARKETING_TEXT.reviewNotFound, 404);
  }
  return reply({
    intent,
    ok: true,
    toast: { tone: "deleted", title: MARKETING_TEXT.reviewDeleted },
  });
};

const chooseReviewForHome: Handler = async ({ db }, intent, form) => {
  const parsed = parseForm(form, ReviewFlagSchema);
  if (!parsed.ok) return failed(intent, MARKETING_TEXT.unknown, 400);
  const { reviewId, value } = parsed.value;
  const on = value === "on";
  const done = on ? MARKETING_TEXT.reviewOnHome : MARKETING_TEXT.reviewOffHome;
  return flagReply(intent, await setReviewOnHome(db, reviewId, on), done, reviewId);
};

/** Each form's intent and the step that answers it. */
const HANDLERS: Record<string, Handler> = {
  "add-image-url": addImageByUrl,
  "add-image-file": addImageFromFile,
  "move-image": moveImage,
  "delete-image": deleteImage,
  "room-url": setRoomByUrl,
  "room-file": setRoomFromFile,
  "review-create": saveReview,
  "review-update": saveReview,
  "review-delete": deleteReview,
  "review-home": chooseReviewForHome,
};

async function handle(ctx: Ctx, intent: string, form: FormData) {
  const handler = Object.hasOwn(HANDLERS, intent) ? HANDLERS[intent] : undefined;
  if (!handler) return failed("unknown", MARKETING_TEXT.unknown, 400);
  return handler(ctx, intent, form);
}

function roomLabel(room: string) {
  return ROOM_CARDS.find((card) => card.id === room)?.title ?? room;
}

/**
 * Runs one intent. A failure of the database or the disk is logged and told to the staff member
 * (docs/product/back-office.md#messages: "Failed to add image. Please try again." for images).
 */
export async function runMarketingAction(ctx: Ctx, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  try {
    return await handle(ctx, intent, form);
  } catch (error) {
    ctx.logger.error({ err: error, intent }, "marketing change failed");
    const imageIntent = intent.includes("image") || intent.startsWith("room");
    if (imageIntent) {
      return reply(
        {
          intent,
          ok: false,
          formError: IMAGE_PROGRESS.failed,
          toast: {
            tone: "failed",
            title: IMAGE_PROGRESS.failedTitle,
            description: IMAGE_PROGRESS.failed,
          },
        },
        500,
      );
    }
    const message =
      intent.startsWith("review-create") || intent.startsWith("review-update")
        ? MARKETING_TEXT.reviewFailed
        : MARKETING_TEXT.actionFailed;
    return failed(intent, message, 500);
  }
}
