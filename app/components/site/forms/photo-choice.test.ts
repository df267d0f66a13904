import { describe, expect, test } from "vitest";
import { choosePhotos } from "./photo-choice";

const jpeg = (name: string) => ({ name, type: "image/jpeg" });
const TOO_MANY = "Maximum 4 images allowed";

describe("choosing photos", () => {
  test("five photos at once with room for four: the first four are added, the fifth is named", () => {
    const files = [1, 2, 3, 4, 5].map((n) => jpeg(`room-${n}.jpg`));
    const choice = choosePhotos(files, 4, TOO_MANY);
    expect(choice.accepted.map((f) => f.name)).toEqual([
      "room-1.jpg",
      "room-2.jpg",
      "room-3.jpg",
      "room-4.jpg",
    ]);
    expect(choice.alert).toBe(
      "Maximum 4 images allowed: the first 4 were added, room-5.jpg was left out.",
    );
  });

  test("with room for one, the rest are named; with none, nothing is added", () => {
    const files = ["a.jpg", "b.jpg", "c.jpg"].map(jpeg);
    expect(choosePhotos(files, 1, TOO_MANY)).toEqual({
      accepted: [files[0]],
      alert: "Maximum 4 images allowed: the first photo was added, b.jpg, c.jpg were left out.",
    });
    expect(choosePhotos(files.slice(0, 1), 0, TOO_MANY)).toEqual({
      accepted: [],
      alert: "Maximum 4 images allowed: a.jpg was not added.",
    });
  });

  test("files that are not images are left with their own reason; a choice that fits says nothing", () => {
    const pdf = { name: "plan.pdf", type: "application/pdf" };
    expect(choosePhotos([pdf, jpeg("a.jpg")], 4, TOO_MANY)).toEqual({
      accepted: [jpeg("a.jpg")],
      alert: "Please choose image files only.",
    });
    expect(choosePhotos([jpeg("a.jpg"), jpeg("b.jpg")], 2, TOO_MANY).alert).toBe("");
  });
});
