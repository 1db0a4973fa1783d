import Copy from "lucide-react/icons/copy";
import FilePenLine from "lucide-react/icons/file-pen-line";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import type { Post } from "#app/features/publishing/use-publishing.ts";
import { allows } from "#shared/publishing-states.ts";
import { usePostToDraft } from "./use-drafts.ts";

// A post of the Redaktionsplan back into a draft (ADR 0084): "Duplizieren" for every post (the
// post stays), "Als Entwurf bearbeiten" for one that has not gone out (the post ends as "Als
// Entwurf übernommen"). An unconfirmed post may be live, and of a thread that is partly out only
// a copy is made.
export function PostDraftActions({
  post,
  onDone,
  onError,
}: {
  post: Post;
  onDone: () => void;
  onError: (message: string) => void;
}) {
  const toDraft = usePostToDraft();
  const partlySent =
    post.thread?.posts.some((item) => item.status === "sent" || item.status === "unconfirmed") ?? false;
  const redraftable = allows("redraft", post.status) && !partlySent;

  function run(action: "duplicate" | "redraft") {
    toDraft.mutate(
      { id: post.id, action },
      {
        onSuccess: () => {
          toast.success("Entwurf gespeichert", { description: "Sie finden ihn unter „Entwürfe“." });
          onDone();
        },
        onError: (failure) => onError(failure.message),
      },
    );
  }

  return (
    <div className="flex flex-wrap gap-2" data-testid="post-draft-actions">
      <Button type="button" size="sm" variant="outline" onClick={() => run("duplicate")} disabled={toDraft.isPending}>
        <Copy aria-hidden />
        Duplizieren
      </Button>
      {redraftable ? (
        <Button type="button" size="sm" variant="outline" onClick={() => run("redraft")} disabled={toDraft.isPending}>
          <FilePenLine aria-hidden />
          Als Entwurf bearbeiten
        </Button>
      ) : null}
    </div>
  );
}
