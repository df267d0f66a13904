import { ANALYTICS_SCRIPT_URL, ANALYTICS_TAG_ID } from "~/lib/analytics";

// docs/decisions/0016-analytics-only-when-configured.md: Google Analytics 4 loads only when staff set a tag id, and only on the public
// site. Both scripts carry the response's CSP nonce, and the CSP names the analytics host only
// on those responses (security-headers.server.ts). The library loads async, so it never blocks
// rendering; the inline part only queues the configuration until it arrives.

export function AnalyticsTag({ tagId, nonce }: { tagId: string; nonce: string }) {
  if (!ANALYTICS_TAG_ID.test(tagId)) return null;
  const config =
    "window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}" +
    `gtag("js",new Date());gtag("config",${JSON.stringify(tagId)});`;
  return (
    <>
      <script async nonce={nonce} src={`${ANALYTICS_SCRIPT_URL}?id=${tagId}`} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: config }} />
    </>
  );
}
