// How the engine notices an event queue that may have overflowed. On Linux the kernel keeps one
// queue per inotify instance (fs.inotify.max_queued_events, 16,384 by default), libuv shares one
// instance across every watch of the process, and when that queue is full the kernel drops events
// and says so with one IN_Q_OVERFLOW, which libuv discards before Node sees it. So the engine
// infers it from what it can see, for the whole process at once (never per folder: the queue is
// not per folder), and any sign means "events may be lost", never "nothing happened":
// - many events in one turn of the event loop: libuv reads the queue until it is empty in one go,
//   so a queue that held N events is delivered within one turn; half the queue in one turn is
//   counted as a possible overflow (the margin covers events nobody counts: those of watches just
//   closed, the kernel's own notices);
// - the loop stalled (frozen, stopped, descheduled, a long piece of work) while a storm of events
//   arrived around it: the queue filled while nobody read it, whatever was counted after.
import fs from 'node:fs';

/** The system's event queue for one inotify instance (Linux), or the default elsewhere. */
export function maxQueuedEvents(): number {
  try {
    return Number(fs.readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8')) || 16_384;
  } catch {
    return 16_384;
  }
}

/** How often the meter looks at the clock while events arrive, in ms. */
const BEAT_MS = 250;
/** A beat this much later than due is a stall: the loop read no event for that long. */
const STALL_MS = 1000;
/** After this long without an event the meter's timer stops (it runs only while events come). */
const QUIET_MS = 5000;

/** Options of {@link createEventMeter}. */
export interface EventMeterOptions {
  /** The queue size (max_queued_events). */
  queueSize: number;
  /** Told once per sign that events may have been lost, with what was seen. */
  onOverflow(why: string): void;
  /** The clock (tests move it). */
  now?: () => number;
}

/** Counts the events every watch of this process delivers. */
export interface EventMeter {
  /** One event delivered to a watch of this process. */
  note(): void;
  close(): void;
}

/** A meter for the process's one event queue. */
export function createEventMeter(options: EventMeterOptions): EventMeter {
  const now = options.now ?? (() => performance.now());
  // Half the queue in one turn; an eighth around a stall (a storm, not a trickle).
  const turnLimit = Math.max(64, Math.floor(options.queueSize / 2));
  const stormLimit = Math.max(64, Math.floor(options.queueSize / 8));
  /** Events in this turn of the loop. */
  let turn = 0;
  let turnSeen = false;
  let lastBeat = 0;
  let lastEvent = -Infinity;
  /** Events since the last beat. */
  let sinceBeat = 0;
  /** Events since the beat before the last stall, while that stall's window is open. */
  let aroundStall = 0;
  let stallWindowEnd = -Infinity;
  let stallMs = 0;
  let beat: NodeJS.Timeout | null = null;

  const endTurn = () => {
    turn = 0;
    turnSeen = false;
  };
  const onBeat = () => {
    const at = now();
    const late = at - lastBeat - BEAT_MS;
    if (late >= STALL_MS) {
      // What arrived since the beat before the stall counts, and what the next beat brings.
      stallMs = Math.round(late);
      stallWindowEnd = at + BEAT_MS;
      aroundStall = sinceBeat;
      checkStall();
    } else if (at > stallWindowEnd) aroundStall = 0;
    sinceBeat = 0;
    lastBeat = at;
    if (at - lastEvent > QUIET_MS && beat !== null) {
      clearInterval(beat);
      beat = null;
    }
  };
  // A sign was given: what follows must be new evidence (the folders are being read again from
  // now on, so what was counted so far is covered).
  const fire = (why: string) => {
    turn = 0;
    sinceBeat = 0;
    aroundStall = 0;
    stallWindowEnd = -Infinity; // once per stall
    options.onOverflow(why);
  };
  const checkStall = () => {
    if (aroundStall >= stormLimit) fire(`the engine stalled ${stallMs} ms while changes arrived`);
  };
  return {
    note() {
      const at = now();
      lastEvent = at;
      if (beat === null) {
        lastBeat = at;
        beat = setInterval(onBeat, BEAT_MS);
        beat.unref();
      }
      sinceBeat++;
      if (at <= stallWindowEnd) {
        aroundStall++;
        checkStall();
      }
      if (!turnSeen) {
        turnSeen = true;
        setImmediate(endTurn); // after the poll phase: the turn's reading of the queue is done
      }
      if (++turn >= turnLimit) fire(`${turn} changes at once, half the system's queue`);
    },
    close() {
      if (beat !== null) clearInterval(beat);
      beat = null;
    },
  };
}
