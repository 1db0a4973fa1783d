import Plus from "lucide-react/icons/plus";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import type { Post } from "#app/features/publishing/use-publishing.ts";
import type { Day } from "#shared/zoned-time.ts";
import { dayName, PostCard } from "./planner-parts.tsx";

// A day's posts, all of them: what "+N weitere" opens in the month and the week, and a tap on a
// day of the month on a phone.
export function DayDialog({
  day,
  posts,
  zone,
  onOpen,
  onCompose,
  onClose,
}: {
  day: Day | null;
  posts: Post[];
  zone: string;
  onOpen: (post: Post) => void;
  onCompose: (day: Day) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={day !== null} onClose={onClose}>
      {day ? (
        <>
          <DialogHeader>
            <DialogTitle>{dayName(day)}</DialogTitle>
            <DialogDescription>
              {posts.length === 1 ? "1 Beitrag" : `${posts.length} Beiträge`} an diesem Tag
            </DialogDescription>
          </DialogHeader>
          <ul className="grid gap-2">
            {posts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} zone={zone} density="list" onOpen={onOpen} className="w-full" />
              </li>
            ))}
          </ul>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Schließen
            </Button>
            <Button onClick={() => onCompose(day)}>
              <Plus aria-hidden />
              Neuer Beitrag an diesem Tag
            </Button>
          </DialogFooter>
        </>
      ) : null}
    </Dialog>
  );
}
