#!/usr/bin/env python3
"""Links of a collection of inputs, extracted by `linkstream extract` on Ray workers.

    python3 examples/ray/links.py --paths FILE --out DIR [--address ADDR] [--linkstream CMD]
                                  [--batch N] [EXTRACT OPTIONS...]

FILE lists the inputs (WARC, HTML, CSS, text, mail; files, folders or patterns), one per
line; blank lines are skipped. The paths are handed to the command as written, in the
driver's working folder, so each Link's `file` field is the one `linkstream extract PATH`
prints. On a cluster every node must see the paths (a shared file system) and run the
command. Options not listed here (--anchor-text, --kind, --base-url, ...) pass through to
`extract`; --unique and --format are refused, since a run's output is split into batches.

Output: DIR/part-NNNNN.ndjson, one per batch of inputs, each written (under a temporary
name, then renamed) as its batch comes back, holding exactly the lines the command prints
for those inputs; DIR/errors.ndjson lists every failing input, one JSON object a line
(`file`, `status`, `message`), and the Links it did give stay in the part files. The
command goes on past a failing input, naming it; a batch whose run fails otherwise (a
crash, a message about a file inside a folder) runs again one input at a time, so a
failure costs no other input anything.

Exit status: 0, or 1 when some input failed, 2 on a usage error (a bad option, of this
script or of `extract`; a command that cannot run).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
DEFAULT_COMMAND = f"node {shlex.quote(str(REPOSITORY / 'bin' / 'linkstream.js'))}"
# Options whose meaning spans a whole run: a run split into batches would change them.
REFUSED = {
    "--unique": "each URL once per run; the job runs the command once per batch",
    "--format": "the part files are NDJSON with a file field",
}
USAGE_ERROR = 2
# A batch's bounds: its share of a worker's memory and time, and of a command line's length.
MOST_BYTES = 256 << 20
MOST_PATHS = 1000


def parse_arguments(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(
        prog="links.py",
        allow_abbrev=False,
        description="Run `linkstream extract` over many inputs on a Ray cluster; "
        "other arguments are options of `extract`.",
    )
    parser.add_argument("--paths", required=True, metavar="FILE", help="input paths, one per line")
    parser.add_argument("--out", required=True, metavar="DIR", help="folder for part-*.ndjson and errors.ndjson")
    parser.add_argument("--address", metavar="ADDR", help="join this Ray cluster (default: start a local one)")
    parser.add_argument("--linkstream", metavar="CMD", default=DEFAULT_COMMAND, help=f"the command (default: {DEFAULT_COMMAND})")
    parser.add_argument("--batch", type=int, metavar="N", help="inputs per task (default: by size, about 4 tasks per CPU)")
    args, extract_options = parser.parse_known_args(argv)
    if extract_options[:1] == ["--"]:
        extract_options = extract_options[1:]
    for option in extract_options:
        name = option.split("=", 1)[0]
        if name in REFUSED:
            parser.error(f"{name} is not supported here: {REFUSED[name]}")
    if args.batch is not None and args.batch < 1:
        parser.error(f"--batch: a whole number from 1, got {args.batch}")
    return args, extract_options


def read_paths(file: str) -> list[str]:
    with open(file, encoding="utf-8") as lines:
        paths = [line.rstrip("\r\n") for line in lines]
    paths = [path for path in paths if path.strip() != ""]
    if "-" in paths:
        raise ValueError(f"--paths {file}: '-' (standard input) cannot be read by a worker")
    return paths


def check_out(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    stale = sorted(entry.name for entry in out.iterdir() if entry.name.startswith("part-") or entry.name == "errors.ndjson")
    if stale:
        raise ValueError(f"--out {out}: holds {stale[0]} from an earlier run; remove its part-* and errors.ndjson or choose another folder")


def run_command(command: list[str], paths: list[str], cwd: str | None) -> subprocess.CompletedProcess:
    # `--` keeps a path that starts with '-' a path.
    return subprocess.run([*command, "--", *paths], cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True)


def error_record(path: str, status: int, stderr: bytes) -> dict:
    """The command's messages for one input, without its `linkstream extract: PATH: ` prefix."""
    prefix = f"linkstream extract: {path}: "
    lines = stderr.decode("utf-8", "replace").splitlines()
    message = "\n".join(line[len(prefix):] if line.startswith(prefix) else line for line in lines if line.strip() != "")
    return {"file": path, "status": status, "message": message or f"exit status {status}"}


def attribute(paths: list[str], stderr: bytes) -> dict[str, list[str]] | None:
    """Each message line of a run that exited 1 given to the path it names, or None when a
    line names no path of the batch (a crash, a file found in a folder) or more than one
    ("a" and "a: b" both start "linkstream extract: a: b: ..."): rerun them then."""
    by_path: dict[str, list[str]] = {}
    for line in stderr.decode("utf-8", "replace").splitlines():
        if line.strip() == "":
            continue
        named = {path for path in paths if line.startswith(f"linkstream extract: {path}: ")}
        if len(named) != 1:
            return None
        by_path.setdefault(named.pop(), []).append(line)
    return by_path


def extract_batch(command: list[str], paths: list[str], cwd: str) -> dict:
    """Run the command on a batch. When it exits 1 (some input failed, the others' Links
    printed) naming each failing input, its output stands; otherwise each input runs alone.

    Returns {output: bytes, errors: [record], usage: message or None}.
    """
    cwd_here = cwd if os.path.isdir(cwd) else None
    try:
        whole = run_command(command, paths, cwd_here)
    except OSError as error:
        return {"output": b"", "errors": [], "usage": f"cannot run {shlex.join(command)}: {error}"}
    if whole.returncode == 0:
        return {"output": whole.stdout, "errors": [], "usage": None}
    if whole.returncode == USAGE_ERROR:
        return {"output": b"", "errors": [], "usage": "the command refused its arguments:\n" + whole.stderr.decode("utf-8", "replace").strip()}
    if len(paths) == 1:
        return {"output": whole.stdout, "errors": [error_record(paths[0], whole.returncode, whole.stderr)], "usage": None}
    named = attribute(paths, whole.stderr) if whole.returncode == 1 else None
    if named:
        errors = [error_record(path, 1, "\n".join(lines).encode()) for path, lines in named.items()]
        return {"output": whole.stdout, "errors": errors, "usage": None}
    output: list[bytes] = []
    errors: list[dict] = []
    for path in paths:
        alone = run_command(command, [path], cwd_here)
        output.append(alone.stdout)
        if alone.returncode != 0:
            errors.append(error_record(path, alone.returncode, alone.stderr))
    return {"output": b"".join(output), "errors": errors, "usage": None}


def batches_of(paths: list[str], size: int) -> list[list[str]]:
    return [paths[i : i + size] for i in range(0, len(paths), size)]


def batches_by_size(paths: list[str], tasks: int) -> list[list[str]]:
    """About `tasks` batches of about equal bytes, each at most MOST_BYTES and MOST_PATHS.

    A command run costs a process start and a cold JIT (measured: about 0.5 s on a loaded
    core), so small files go many to a task. A path the driver cannot size (a folder, a
    pattern, a file only the workers see) counts as the mean of the others.
    """
    sizes: list[int | None] = []
    for path in paths:
        try:
            sizes.append(os.stat(path).st_size if os.path.isfile(path) else None)
        except OSError:
            sizes.append(None)
    known = [size for size in sizes if size is not None]
    mean = sum(known) // len(known) if known else 1
    weights = [max(1, mean if size is None else size) for size in sizes]
    target = min(MOST_BYTES, max(1, math.ceil(sum(weights) / tasks)))
    batches: list[list[str]] = []
    current: list[str] = []
    total = 0
    for path, weight in zip(paths, weights):
        if current and (total + weight > target or len(current) >= MOST_PATHS):
            batches.append(current)
            current, total = [], 0
        current.append(path)
        total += weight
    if current:
        batches.append(current)
    return batches


class Output:
    """DIR/part-*.ndjson written whole as batches come back, and DIR/errors.ndjson."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.errors = open(out / "errors.ndjson", "w", encoding="utf-8")
        self.links = 0
        self.failed = 0
        self.written: list[Path] = [out / "errors.ndjson"]

    def part(self, name: str, result: dict) -> None:
        temporary = self.out / f".{name}.tmp"
        temporary.write_bytes(result["output"])
        temporary.rename(self.out / f"{name}.ndjson")
        self.written.append(self.out / f"{name}.ndjson")
        self.links += result["output"].count(b"\n")
        for record in result["errors"]:
            self.error(record)

    def error(self, record: dict) -> None:
        self.errors.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.errors.flush()
        self.failed += 1

    def close(self) -> None:
        self.errors.close()

    def discard(self) -> None:
        """Remove what this run wrote: after a usage error it means nothing."""
        for path in self.written:
            path.unlink(missing_ok=True)


def run_job(ray, batches: list[list[str]], command: list[str], output: Output, in_flight: int) -> str | None:
    """Tasks for the batches, at most `in_flight` at once; returns a usage message to stop on."""
    task = ray.remote(num_cpus=1)(extract_batch)
    cwd = os.getcwd()
    queue = [(f"part-{index:05d}", batch) for index, batch in enumerate(batches)]
    queue.reverse()
    pending: dict = {}
    while queue or pending:
        while queue and len(pending) < in_flight:
            name, batch = queue.pop()
            pending[task.remote(command, batch, cwd)] = (name, batch)
        [ready], _ = ray.wait(list(pending), num_returns=1)
        name, batch = pending.pop(ready)
        try:
            result = ray.get(ready)
        except ray.exceptions.RayError as error:
            # The task itself died (a node lost, memory): its inputs go again one by one.
            if len(batch) > 1:
                queue.extend(reversed([(f"{name}-{i:04d}", [path]) for i, path in enumerate(batch)]))
            else:
                output.error({"file": batch[0], "status": None, "message": f"Ray task failed: {error}"})
            continue
        if result["usage"] is not None:
            return result["usage"]
        output.part(name, result)
    return None


def main(argv: list[str]) -> int:
    args, extract_options = parse_arguments(argv)
    try:
        paths = read_paths(args.paths)
        out = Path(args.out)
        check_out(out)
    except (OSError, ValueError) as error:
        print(f"links.py: {error}", file=sys.stderr)
        return USAGE_ERROR
    # One task takes one CPU: the command's own worker threads would compete with the other tasks.
    jobs = [] if any(o in ("-j", "--jobs") or o.startswith(("--jobs=", "-j")) for o in extract_options) else ["--jobs", "1"]
    command = [*shlex.split(args.linkstream), "extract", *extract_options, *jobs]
    try:
        import ray
    except ImportError:
        print("links.py: the ray package is missing: python3 -m pip install ray", file=sys.stderr)
        return USAGE_ERROR
    started = time.monotonic()
    ray.init(address=args.address, include_dashboard=False, logging_level="WARNING", log_to_driver=True)
    ready = time.monotonic()
    output = Output(out)
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        batches = batches_of(paths, args.batch) if args.batch else batches_by_size(paths, 4 * cpus)
        usage = run_job(ray, batches, command, output, 2 * cpus)
    finally:
        output.close()
        ray.shutdown()
    if usage is not None:
        output.discard()
        print(f"links.py: {usage}", file=sys.stderr)
        return USAGE_ERROR
    seconds = time.monotonic() - started
    print(
        f"links.py: {len(paths)} inputs in {len(batches)} tasks on {cpus} CPUs, {output.links} Links, "
        f"{output.failed} failed inputs (see {out / 'errors.ndjson'}), {seconds:.1f} s "
        f"({ready - started:.1f} s to {'join' if args.address or os.environ.get('RAY_ADDRESS') else 'start'} the cluster)",
        file=sys.stderr,
    )
    return 1 if output.failed > 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
