import { useEffect, useState } from "react";
import { COPIED_INDICATOR_MS } from "#shared/timing.ts";

// Copies text and keeps `copied` true for 2 seconds (spec section 9).
export function useCopyToClipboard() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy(text: string): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      return true;
    } catch {
      return false;
    }
  }
  return { copied, copy };
}
