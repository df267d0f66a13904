import type { Ref } from "react";
import { Container } from "./container";

/** The opening band of an inner page: its single h1, an eyebrow and a short introduction. */
export function PageIntro({
  title,
  eyebrow,
  children,
  headingRef,
  headingClassName = "",
}: {
  title: string;
  eyebrow?: string;
  children?: React.ReactNode;
  /** A page that confirms something focuses its heading (screen readers hear it); it is then focusable by script */
  headingRef?: Ref<HTMLHeadingElement>;
  headingClassName?: string;
}) {
  return (
    <header className="border-b border-line bg-ivory-deep">
      <Container className="py-14 sm:py-20">
        {eyebrow && (
          <p className="text-xs font-semibold tracking-[0.2em] text-gold-deep uppercase">
            {eyebrow}
          </p>
        )}
        <h1
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className={`max-w-3xl font-display text-4xl leading-tight font-medium text-balance sm:text-5xl ${eyebrow ? "mt-3" : ""} ${headingClassName}`}
        >
          {title}
        </h1>
        {children && (
          <div className="mt-5 max-w-2xl text-lg leading-relaxed text-ink-soft">{children}</div>
        )}
      </Container>
    </header>
  );
}
