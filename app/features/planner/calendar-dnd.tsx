import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { type CSSProperties, memo, type ReactNode, useMemo, useRef, useState } from "react";
import { formatDay } from "#app/features/publishing/plan-time.ts";
import type { Post } from "#app/features/publishing/use-publishing.ts";
import { allows } from "#shared/publishing-states.ts";
import { type Day, zonedWallTime } from "#shared/zoned-time.ts";
import { type KeyboardTarget, keyboardCoordinates } from "./calendar-keyboard.ts";
import { droppedMinutes, HOUR_PX, minutesToTime } from "./calendar-layout.ts";
import { dayName, PostCard } from "./planner-parts.tsx";

// Drag and drop in the calendar (ADR 0089) with @dnd-kit/core: a card is picked up with the
// mouse, a finger or the keyboard (space), moved to another day (month) or day and time (week)
// and dropped there; screen readers hear each step in German. Only posts the state machine lets
// the user reschedule can be picked up (shared/publishing-states.ts).

export type DropKind = "week" | "month";
export type DayDropData = { day: Day; kind: DropKind };
type DragData = { post: Post };

/** Whether the user may move a post in the calendar: the dialog's "Neu planen" rule. */
export function canMove(post: Post): boolean {
  return allows("reschedule", post.status) && !(post.thread && post.status === "failed");
}

export const SCREEN_READER_INSTRUCTIONS =
  "Zum Verschieben die Leertaste drücken. Mit den Pfeiltasten links und rechts wählen Sie den Tag, mit hoch und runter in der Woche die Uhrzeit in Viertelstunden, im Monat die Woche. Mit der Leertaste legen Sie den Beitrag ab, mit Escape brechen Sie ab. Die Eingabetaste öffnet den Beitrag.";

/** Where the dragged card would land now: its day and, in the week, its time. */
export function dropTarget(
  post: Post,
  over: DayDropData | undefined,
  deltaY: number,
  zone: string,
): { day: Day; minutes: number } | null {
  if (!over) return null;
  const from = zonedWallTime(Date.parse(post.scheduledAt), zone).minutes;
  return { day: over.day, minutes: over.kind === "week" ? droppedMinutes(from, deltaY) : from };
}

function describeTarget(target: { day: Day; minutes: number }): string {
  return `${dayName(target.day)}, ${minutesToTime(target.minutes)} Uhr`;
}

function describePost(post: Post, zone: string): string {
  const { date, time } = zonedWallTime(Date.parse(post.scheduledAt), zone);
  return `Beitrag für ${post.accountHandle} am ${formatDay(date)} um ${time} Uhr`;
}

/** A few pixels of movement before a drag, so a click still opens the post. */
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };
const KEYBOARD_CODES = {
  start: [KeyboardCode.Space],
  cancel: [KeyboardCode.Esc],
  end: [KeyboardCode.Space, KeyboardCode.Enter],
};

// A pointer decides by where it is; the keyboard, which has none, by the card's own box.
const collisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const within = pointerWithin(args);
    if (within.length > 0) return within;
  }
  return rectIntersection(args);
};

export function CalendarDnd({
  kind,
  zone,
  onMove,
  children,
}: {
  kind: DropKind;
  zone: string;
  onMove: (post: Post, target: { day: Day; minutes: number }) => void;
  children: ReactNode;
}) {
  const [active, setActive] = useState<{ post: Post; width: number } | null>(null);
  const overlay = useRef<HTMLDivElement>(null);
  // A keyboard drag moves this target one step per key (calendar-keyboard.ts); a pointer has none.
  const keyboardTarget = useRef<KeyboardTarget | null>(null);
  const coordinateGetter = useMemo(() => keyboardCoordinates(kind, keyboardTarget), [kind]);
  // Options that keep their identity: a new object per render made dnd-kit build new activators,
  // and every card of the calendar rendered again with each render of the plan (a click on a
  // card, each query that arrived), ADR 0089.
  const keyboardOptions = useMemo(
    () => ({
      coordinateGetter,
      // The getter scrolls what it needs at once; a smooth scroll would still run when the next key comes.
      scrollBehavior: "instant" as const,
      keyboardCodes: KEYBOARD_CODES,
    }),
    [coordinateGetter],
  );
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, keyboardOptions));

  const announcements = useMemo<Announcements>(() => {
    let lastSaid = "";
    const targetOf = (
      activeItem: Parameters<Announcements["onDragEnd"]>[0]["active"],
      over: Parameters<Announcements["onDragEnd"]>[0]["over"],
    ) => {
      const post = (activeItem.data.current as DragData | undefined)?.post;
      const rect = activeItem.rect.current;
      if (!post) return null;
      if (keyboardTarget.current) return keyboardTarget.current;
      const deltaY = rect.translated && rect.initial ? rect.translated.top - rect.initial.top : 0;
      const data = over?.data.current as DayDropData | undefined;
      // What is said is where the drop will land: the same measurement as the drop's.
      return dropTarget(post, data, measure.current(post, data) ?? deltaY, zone);
    };
    const moved = (args: Parameters<Announcements["onDragEnd"]>[0]) => {
      const target = targetOf(args.active, args.over);
      const said = target ? `Ziel: ${describeTarget(target)}.` : "Kein Tag unter dem Beitrag.";
      if (said === lastSaid) return undefined;
      lastSaid = said;
      return said;
    };
    return {
      onDragStart: ({ active: activeItem }) => {
        lastSaid = "";
        const post = (activeItem.data.current as DragData | undefined)?.post;
        return post ? `${describePost(post, zone)} aufgenommen.` : undefined;
      },
      onDragOver: moved,
      onDragMove: moved,
      onDragEnd: ({ active: activeItem, over }) => {
        const target = targetOf(activeItem, over);
        return target
          ? `Beitrag abgelegt: ${describeTarget(target)}. Er wird verschoben.`
          : "Beitrag nicht verschoben: kein Tag unter dem Beitrag.";
      },
      onDragCancel: ({ active: activeItem }) => {
        const post = (activeItem.data.current as DragData | undefined)?.post;
        return post ? `Verschieben abgebrochen. Der ${describePost(post, zone)} bleibt.` : "Verschieben abgebrochen.";
      },
    };
  }, [zone]);

  // The week's time comes from where the card is seen: the overlay against its day's column, both
  // measured now, so a page or grid that scrolled during the drag does not shift it.
  function measuredDeltaY(post: Post, over: DayDropData | undefined): number | null {
    if (over?.kind !== "week" || !overlay.current) return null;
    const column = document.querySelector(`[data-testid="week-day"][data-day="${over.day}"]`);
    if (!column) return null;
    const from = zonedWallTime(Date.parse(post.scheduledAt), zone).minutes;
    const cardTop = overlay.current.getBoundingClientRect().top;
    return cardTop - column.getBoundingClientRect().top - (from / 60) * HOUR_PX;
  }

  const measure = useRef(measuredDeltaY);
  measure.current = measuredDeltaY;

  function handleStart(event: DragStartEvent) {
    const post = (event.active.data.current as DragData | undefined)?.post;
    if (!post) return;
    const { date, minutes } = zonedWallTime(Date.parse(post.scheduledAt), zone);
    keyboardTarget.current = event.activatorEvent instanceof KeyboardEvent ? { day: date, minutes } : null;
    setActive({ post, width: event.active.rect.current.initial?.width ?? 160 });
  }

  // The keyboard's target stays until the next pick-up: dnd-kit calls onDragEnd before the
  // announcements, and the drop must be announced where it lands.
  function handleCancel() {
    setActive(null);
  }

  function handleEnd(event: DragEndEvent) {
    setActive(null);
    const byKeyboard = keyboardTarget.current;
    const post = (event.active.data.current as DragData | undefined)?.post;
    if (!post) return;
    const over = event.over?.data.current as DayDropData | undefined;
    const target = byKeyboard ?? dropTarget(post, over, measuredDeltaY(post, over) ?? event.delta.y, zone);
    if (!target) return;
    const from = zonedWallTime(Date.parse(post.scheduledAt), zone);
    if (target.day === from.date && target.minutes === from.minutes) return;
    onMove(post, target);
  }

  return (
    <DndContext
      // The time comes from where the card is over its column; a grid that scrolled by itself
      // under a resting pointer moved posts by hours the user never pointed at.
      autoScroll={false}
      sensors={sensors}
      collisionDetection={collisionDetection}
      accessibility={{ announcements, screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS } }}
      onDragStart={handleStart}
      onDragEnd={handleEnd}
      onDragCancel={handleCancel}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {active ? (
          <div ref={overlay} style={{ width: active.width }} className="pointer-events-none shadow-lg">
            <PostCard post={active.post} zone={zone} density={kind} onOpen={ignore} className="w-full" />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function ignore() {}

/** A card that can be picked up when its state allows it; otherwise the plain card. */
export const DraggableCard = memo(function DraggableCard({
  post,
  zone,
  density,
  onOpen,
  className,
  style,
}: {
  post: Post;
  zone: string;
  density: DropKind;
  onOpen: (post: Post) => void;
  className?: string;
  style?: CSSProperties;
}) {
  const movable = canMove(post);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: post.id,
    data: { post } satisfies DragData,
    disabled: !movable,
    attributes: { roleDescription: "verschiebbarer Beitrag" },
  });
  // One object while dnd-kit's stay the same, so the memoised card does not render again for nothing.
  const buttonProps = useMemo(
    () => (movable ? { ...attributes, ...listeners } : undefined),
    [movable, attributes, listeners],
  );
  return (
    <PostCard
      post={post}
      zone={zone}
      density={density}
      onOpen={onOpen}
      dragging={isDragging}
      className={className}
      style={style}
      buttonRef={movable ? setNodeRef : undefined}
      buttonProps={buttonProps}
    />
  );
});
