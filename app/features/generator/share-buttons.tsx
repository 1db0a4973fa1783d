import Mail from "lucide-react/icons/mail";
import Send from "lucide-react/icons/send";
import Share2 from "lucide-react/icons/share-2";
import { Button } from "#app/components/ui/button.tsx";
import { linkedInShareUrl, openSharePopup, xIntentUrl } from "#app/lib/share.ts";

function mailShareUrl(text: string): string {
  return `mailto:?subject=${encodeURIComponent("Mein Social-Media-Beitrag")}&body=${encodeURIComponent(text)}`;
}

/**
 * Share a post by e-mail, on LinkedIn or on X (spec section 7: popups with the text filled in),
 * wherever a finished post is shown: the generator's results and the archive (ADR 0101). A
 * thread goes to X as its first post; `name` ("Vorschlag 1", "Beitrag 2") tells the buttons apart.
 */
export function ShareButtons({ text, thread, name }: { text: string; thread?: string[] | null; name: string }) {
  return (
    <>
      <Button size="sm" variant="outline" asChild>
        <a href={mailShareUrl(text)} aria-label={`${name} per E-Mail teilen`}>
          <Mail aria-hidden />
          E-Mail
        </a>
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => openSharePopup(linkedInShareUrl(text))}
        aria-label={`${name} auf LinkedIn teilen`}
      >
        <Share2 aria-hidden />
        LinkedIn
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => openSharePopup(xIntentUrl(thread?.[0] ?? text))}
        aria-label={`${name} auf X teilen`}
      >
        <Send aria-hidden />X
      </Button>
    </>
  );
}
