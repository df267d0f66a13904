import type { Ref } from "react";
import type { PicturedImage } from "./home-content";

type Props = {
  image: PicturedImage;
  /** The rendered width per breakpoint, so the browser picks the smallest variant that is sharp */
  sizes: string;
  className?: string;
  eager?: boolean;
  /** Hidden from assistive technology (a slide that is not showing) */
  decorative?: boolean;
  imgRef?: Ref<HTMLImageElement>;
  onError?: () => void;
};

/**
 * An image from the store as AVIF, then WebP, at several widths. Width and height are always
 * set, so the browser reserves the space before a byte arrives (CLS 0).
 */
export function ResponsivePicture({
  image,
  sizes,
  className,
  eager,
  decorative,
  imgRef,
  onError,
}: Props) {
  return (
    <picture>
      {image.avif && <source type="image/avif" srcSet={image.avif} sizes={sizes} />}
      {image.webp && <source type="image/webp" srcSet={image.webp} sizes={sizes} />}
      <img
        ref={imgRef}
        src={image.fallback}
        alt={decorative ? "" : image.alt}
        width={image.width}
        height={image.height}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding={eager ? undefined : "async"}
        className={className}
        onError={onError}
      />
    </picture>
  );
}
