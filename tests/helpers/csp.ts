// The Content-Security-Policy of a response, as a map from each directive's name to its sources.
export function cspDirectives(response: Response) {
  const header = response.headers.get("content-security-policy") ?? "";
  return new Map(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}
