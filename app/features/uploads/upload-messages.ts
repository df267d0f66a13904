// What the photo upload endpoint says. The wizard shows these next to the photo that failed.

export const UPLOAD_MESSAGES = {
  missingFile: "Choose a photo to upload.",
  notAPhoto: "This file is not a photo we can use. Please choose a JPEG, PNG, WebP or HEIC image.",
  tooLarge: "This photo is larger than 10 MB. Please choose a smaller one.",
  notFound: "This photo is no longer available.",
  oneAtATime: "Please upload one photo at a time.",
  /** A cleaner's photo (an applicant's, or one staff add): the spec's words, as the forms show them. */
  applicantPhotoType: "Please upload a JPEG, PNG, or WebP image",
  applicantPhotoSize: "Image must be less than 5MB",
  /** A document attached to an application (docs/decisions/0056-application-outcomes-and-documents.md). */
  missingDocument: "Choose a file to attach.",
  notADocument: "This file is not one we can keep. Please choose a PDF, JPEG or PNG.",
  documentTooLarge: "This file is larger than 10 MB. Please choose a smaller one.",
} as const;
