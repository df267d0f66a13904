import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
} from "@dnd-kit/core";
import { GripVertical } from "lucide-react";
import { useState } from "react";
import { formatShortDate } from "~/lib/format";
import {
  DISPATCH_TEXT,
  jobName,
  timeOnSite,
  type DispatchBoard,
  type DispatchCleaner,
  type DispatchJob,
} from "../dispatch";
import { CleanerHeader, CleanerDays, LINE_HOURS, placeOnLine } from "./cleaner-row";
import { fitOf, useDispatchActions } from "./dispatch-actions";
import { JobCard } from "./job-card";
import { OfferMenu } from "./offer-menu";

// The board from 1024 px: the lane of jobs needing cleaners above one row per cleaner. A job
// dragged onto a cleaner is offered to them; while it moves, each row says whether its cleaner
// can take it (docs/decisions/0042-who-is-free-for-a-job.md). Dragging works with a pointer or the
// keyboard (Space on the handle, arrows, Space); Offer to… does the same in one choice.

const cleanerDrop = (id: string) => `cleaner:${id}`;

// A pointer drops on the row under it; the keyboard, which has no pointer, on the row the
// moved card overlaps most.
const underPointer: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);

export function DispatchBoardView({
  board,
  draggable,
}: {
  board: DispatchBoard;
  /** Once the page runs in the browser (dnd-kit's ids are made there) */
  draggable: boolean;
}) {
  const grid = <BoardGrid board={board} draggable={draggable} />;
  return draggable ? <DragArea board={board}>{grid}</DragArea> : grid;
}

function DragArea({ board, children }: { board: DispatchBoard; children: React.ReactNode }) {
  const actions = useDispatchActions();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );
  const [dragging, setDragging] = useState<DispatchJob | null>(null);
  const jobOf = (id: unknown) => board.needsCleaners.find((job) => job.bookingId === id);
  const cleanerOf = (id: unknown) =>
    board.cleaners.find((cleaner) => cleanerDrop(cleaner.id) === id);
  const label = (id: unknown) => {
    const job = jobOf(id);
    return job ? jobName(job) : "The job";
  };
  const overText = (id: unknown, over: unknown) => {
    const cleaner = cleanerOf(over);
    if (!cleaner) return `${label(id)} is over no cleaner.`;
    const fit = fitOf(actions, cleaner);
    const why = fit?.free === false ? ` ${DISPATCH_TEXT.cannotTake(fit.reason ?? "")}.` : "";
    return `${label(id)} is over ${cleaner.name}.${why}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${label(active.id)}. Arrow keys move it, Space drops it on a cleaner, Escape cancels.`,
    onDragOver: ({ active, over }) => overText(active.id, over?.id),
    onDragEnd: ({ active, over }) =>
      cleanerOf(over?.id)
        ? `${label(active.id)} was dropped on ${cleanerOf(over?.id)!.name}.`
        : `${label(active.id)} was put back.`,
    onDragCancel: ({ active }) => `Offering ${label(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const job = jobOf(active.id);
    const cleaner = cleanerOf(over?.id);
    if (job && cleaner?.takesJobs) actions.offer(job, cleaner.id);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={underPointer}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To offer a job, press Space or Enter on its handle, use the arrow keys to move it onto a cleaner, then press Space or Enter to drop it, or Escape to cancel. The Offer to… menu does the same.",
        },
      }}
      onDragStart={({ active }) => {
        const job = jobOf(active.id) ?? null;
        setDragging(job);
        if (job) actions.check(job);
      }}
      onDragCancel={() => setDragging(null)}
      onDragEnd={onDragEnd}
    >
      {children}
      <DragOverlay>
        {dragging && (
          <div
            data-testid="drag-overlay"
            className="rounded-md border border-gold-deep bg-white p-2 text-xs font-semibold shadow-lg dark:bg-ink"
          >
            {timeOnSite(dragging)}
            <span className="block font-normal">{dragging.suburb}</span>
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

const GRID_WEEK = "grid grid-cols-[10rem_repeat(7,minmax(0,1fr))] gap-1";
const GRID_DAY = "grid grid-cols-[10rem_minmax(0,1fr)] gap-1";

function BoardGrid({ board, draggable }: { board: DispatchBoard; draggable: boolean }) {
  const gridClass = board.view === "week" ? GRID_WEEK : GRID_DAY;
  return (
    <div className="flex flex-col gap-1" data-testid="dispatch-board">
      <div className={gridClass} aria-hidden="true">
        <span />
        {board.view === "day" ? (
          <span className="grid grid-cols-24 text-xs font-semibold text-ink-soft dark:text-mist">
            {LINE_HOURS.map((hour) => (
              <span
                key={hour}
                className="col-span-4 border-l border-line px-1 dark:border-ivory/10"
              >
                {hour}
              </span>
            ))}
          </span>
        ) : (
          board.days.map((date) => (
            <span key={date} className="px-1 text-xs font-semibold text-ink-soft dark:text-mist">
              {formatShortDate(date)}
            </span>
          ))
        )}
      </div>
      <section
        aria-labelledby="lane-heading"
        className={`${gridClass} rounded-lg border border-warning/40 bg-warning/5 p-1`}
      >
        <h2 id="lane-heading" className="p-1 text-sm font-semibold">
          {DISPATCH_TEXT.needsCleaners}
          <span className="block text-xs font-normal">
            {board.needsCleaners.length} {board.needsCleaners.length === 1 ? "job" : "jobs"}
          </span>
        </h2>
        {board.days.map((date) => {
          const jobs = board.needsCleaners.filter((job) => job.date === date);
          return (
            <ul
              key={date}
              aria-label={formatShortDate(date)}
              className={board.view === "day" ? "grid grid-cols-24 gap-y-1" : "flex flex-col gap-1"}
            >
              {jobs.map((job) => (
                <li
                  key={job.bookingId}
                  className={
                    board.view === "day" ? placeOnLine(job.slot, job.minutesOnSite) : undefined
                  }
                >
                  {draggable ? (
                    <DraggableJob job={job} cleaners={board.cleaners} />
                  ) : (
                    <JobCard job={job} menu={<OfferMenu job={job} cleaners={board.cleaners} />} />
                  )}
                </li>
              ))}
            </ul>
          );
        })}
      </section>
      <ul aria-label="Cleaners" className="flex flex-col gap-1">
        {board.cleaners.map((cleaner) => (
          <CleanerRow
            key={cleaner.id}
            cleaner={cleaner}
            board={board}
            gridClass={gridClass}
            draggable={draggable}
          />
        ))}
      </ul>
    </div>
  );
}

function DraggableJob({ job, cleaners }: { job: DispatchJob; cleaners: DispatchCleaner[] }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: job.bookingId,
  });
  return (
    <div ref={setNodeRef} className={isDragging ? "opacity-40" : undefined}>
      <JobCard
        job={job}
        menu={<OfferMenu job={job} cleaners={cleaners} />}
        handle={
          <button
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            {...listeners}
            aria-label={`Drag ${jobName(job)}`}
            className="-m-1 inline-flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md hover:bg-ink/5 dark:hover:bg-ivory/10"
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </button>
        }
      />
    </div>
  );
}

function CleanerRow({
  cleaner,
  board,
  gridClass,
  draggable,
}: {
  cleaner: DispatchCleaner;
  board: DispatchBoard;
  gridClass: string;
  draggable: boolean;
}) {
  const actions = useDispatchActions();
  const { setNodeRef, isOver, active } = useDroppableRow(cleaner, draggable);
  const fit = active ? fitOf(actions, cleaner) : null;
  const tone = !active
    ? "border-line dark:border-ivory/10"
    : fit?.free === false
      ? "border-danger/50 bg-danger/5"
      : fit?.free
        ? "border-success/60 bg-success/5"
        : "border-line dark:border-ivory/10";
  return (
    <li
      ref={setNodeRef}
      aria-label={cleaner.name}
      data-cleaner={cleaner.id}
      data-free={fit ? String(fit.free) : undefined}
      data-suspended={cleaner.status === "suspended" || undefined}
      className={`${gridClass} rounded-lg border p-1 ${tone} ${isOver ? "ring-2 ring-gold-deep" : ""} ${
        cleaner.status === "suspended" ? SUSPENDED : ""
      }`}
    >
      <CleanerHeader
        cleaner={cleaner}
        note={fit?.free === false ? DISPATCH_TEXT.cannotTake(fit.reason ?? "") : null}
      />
      <CleanerDays cleaner={cleaner} board={board} />
    </li>
  );
}

/** A suspended cleaner's row, greyed by its ground and border (text keeps its contrast). */
export const SUSPENDED = "border-dashed bg-ink/10 dark:bg-ivory/10";

/** A row takes drops only while the board is draggable and its cleaner takes jobs. */
function useDroppableRow(cleaner: DispatchCleaner, draggable: boolean) {
  const { setNodeRef, isOver, active } = useDroppable({
    id: cleanerDrop(cleaner.id),
    disabled: !draggable || !cleaner.takesJobs,
  });
  return { setNodeRef, isOver, active: draggable && active !== null };
}
