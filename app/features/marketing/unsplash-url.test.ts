import { describe, expect, test } from "vitest";
import { toUnsplashImage } from "./unsplash-url";

const CROP = "w=1920&h=1080&fit=crop&crop=entropy&q=80";

describe("the Unsplash link rule", () => {
  test("a photo link is accepted with the background's fixed crop in place of its own query", () => {
    expect(
      toUnsplashImage(
        "https://images.unsplash.com/photo-1590490360182-c33d57733427?ixlib=rb-4.0.3&w=3000",
        "background",
      ),
    ).toEqual({
      url: `https://images.unsplash.com/photo-1590490360182-c33d57733427?${CROP}`,
      width: 1920,
      height: 1080,
    });
  });

  test("a page link, plain or slugged, becomes an image link with the fixed crop", () => {
    expect(toUnsplashImage("https://unsplash.com/photos/cHjAxnJk_wQ", "background")?.url).toBe(
      `https://images.unsplash.com/photo-cHjAxnJk_wQ?${CROP}`,
    );
    expect(
      toUnsplashImage("https://unsplash.com/photos/a-white-living-room-cHjAxnJk_wQ/", "room"),
    ).toEqual({
      url: "https://images.unsplash.com/photo-cHjAxnJk_wQ?w=1200&h=800&fit=crop&crop=entropy&q=80",
      width: 1200,
      height: 800,
    });
  });

  test.each([
    "https://images.unsplash.com.evil.com/photo-1590490360182-c33d57733427",
    "https://evil.com/images.unsplash.com/photo-1590490360182-c33d57733427",
    "https://images.unsplash.com@evil.com/photo-1590490360182-c33d57733427",
    "https://user@images.unsplash.com/photo-1590490360182-c33d57733427",
    "http://images.unsplash.com/photo-1590490360182-c33d57733427",
    "https://images.unsplash.com:8443/photo-1590490360182-c33d57733427",
    "https://images.unsplash.com/profile-1590490360182-c33d57733427",
    "https://plus.unsplash.com/premium_photo-1590490360182-c33d57733427",
    "https://unsplash.com/photos/short",
    "https://unsplash.com/photos/cHjAxnJk_wQ/download",
    "https://unsplash.com/@someone/cHjAxnJk_wQ",
    "https://notunsplash.com/photos/cHjAxnJk_wQ",
    "https://example.com/photo.jpg",
    "javascript:alert(1)",
    "not a link",
    "",
  ])("%s is refused", (link) => {
    expect(toUnsplashImage(link, "background")).toBeNull();
  });
});
