/**
 * A `--jobs N` task's output streamed back to the main thread in pieces, within a budget:
 * the task sends each piece of output through a MessagePort as it is made and waits while
 * more than its budget is unwritten; the main thread keeps a task's pieces until its turn,
 * then writes them as they come, acknowledging each once written. So a task holds at most
 * its budget of output, whatever the file (six 15 MB link-dense files held whole took 1.4 GB
 * with `-j 2`), and the file is not read twice.
 */
import {MessageChannel} from 'node:worker_threads';
import type {MessagePort} from 'node:worker_threads';

/**
 * The task's side: pieces sent through `port`; `ready()` waits while more than `budget`
 * bytes sent are not yet written by the main thread.
 *
 * @example
 * const output = new PortOutput(task.port, 4 << 20);
 * output.send(piece);
 * await output.ready();
 */
export class PortOutput {
	/** Pieces sent so far. */
	sent = 0;
	private readonly port: MessagePort;
	private readonly budget: number;
	private unwritten = 0;
	private wake: (() => void) | undefined;

	constructor(port: MessagePort, budget: number) {
		this.port = port;
		this.budget = budget;
		port.on('message', (written: number) => {
			this.unwritten -= written;
			if (this.unwritten > this.budget) return;
			this.wake?.();
			this.wake = undefined;
		});
	}

	/** Send a piece (its buffer is transferred: the piece must own it whole). */
	send(piece: Uint8Array): void {
		this.sent++;
		this.unwritten += piece.length;
		this.port.postMessage(piece, [piece.buffer as ArrayBuffer]);
	}

	ready(): Promise<void> | undefined {
		if (this.unwritten <= this.budget) return undefined;
		return new Promise(resolve => {
			this.wake = resolve;
		});
	}

	/** The task is done: stop listening (the main thread closes the channel once every piece came). */
	done(): void {
		this.port.removeAllListeners('message');
		this.port.unref();
	}
}

/**
 * The main thread's side of one task: a channel whose `port` goes with the task; the pieces
 * that come are kept until `drain`.
 *
 * @example
 * const receiver = new TaskReceiver();
 * const result = pool.run({...task, port: receiver.port}, [receiver.port]);
 * await receiver.drain(result.then(r => r.pieces), piece => out.write(piece));
 */
export class TaskReceiver {
	/** The port that goes with the task (transferred). */
	readonly port: MessagePort;
	private readonly own: MessagePort;
	private readonly queue: Uint8Array[] = [];
	private received = 0;
	private wake: (() => void) | undefined;

	constructor() {
		const channel = new MessageChannel();
		this.own = channel.port1;
		this.port = channel.port2;
		this.own.on('message', (piece: Uint8Array) => {
			this.queue.push(piece);
			this.received++;
			this.awake();
		});
	}

	/**
	 * Write each piece in order, as it comes, until `count` (the task's pieces sent) have
	 * come; `write` resolves once the piece may be counted as written. Rejects as `count` does.
	 */
	async drain(count: Promise<number>, write: (piece: Uint8Array) => Promise<void> | void): Promise<void> {
		let expected: number | undefined;
		let failed = false;
		count.then(
			n => {
				expected = n;
				this.awake();
			},
			() => {
				failed = true;
				this.awake();
			},
		);
		try {
			for (;;) {
				for (let piece = this.queue.shift(); piece !== undefined; piece = this.queue.shift()) {
					await write(piece);
					this.own.postMessage(piece.length);
				}
				if (failed) await count;
				if (expected !== undefined && this.received >= expected) return;
				await new Promise<void>(resolve => {
					this.wake = resolve;
				});
			}
		} finally {
			this.own.close();
		}
	}

	private awake(): void {
		this.wake?.();
		this.wake = undefined;
	}
}
