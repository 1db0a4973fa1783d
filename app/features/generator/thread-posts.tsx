import SlidersHorizontal from "lucide-react/icons/sliders-horizontal";
import { useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ROUTES } from "#shared/routes.ts";

// ADR 0065: an X thread from the generator or the archive, and the way into the optimizer.

/** A thread's posts in order, numbered; while it streams the last one may still grow. */
export function ThreadPosts({ posts, className }: { posts: string[]; className?: string }) {
  return (
    <ol className={className ?? "grid gap-2"} data-testid="thread-posts">
      {posts.map((post, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a thread's posts never change order.
        <li key={index} className="flex gap-2.5" data-testid="thread-post">
          <span
            className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-800"
            aria-hidden
          >
            {index + 1}
          </span>
          <p className="min-w-0 flex-1 whitespace-pre-wrap break-words text-sm text-slate-800">
            <span className="sr-only">{`Beitrag ${index + 1}: `}</span>
            {post}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The optimizer takes one post as `{ text }` and a thread as `{ thread }` (its thread mode). */
export function OpenInOptimizerButton({
  state,
  label,
}: {
  state: { text: string } | { thread: string[] };
  label?: string;
}) {
  const navigate = useNavigate();
  return (
    <Button size="sm" variant="ghost" onClick={() => navigate(ROUTES.optimizer, { state })} aria-label={label}>
      <SlidersHorizontal aria-hidden />
      Im Optimizer öffnen
    </Button>
  );
}
