#!/usr/bin/env python3
"""Run `treaty` over many documents on a Ray cluster, then merge: the same output as one
`treaty run` over the same inputs.

The `treaty` binary is the unit of work; Ray does the scheduling, the retries and the transport:

1. `treaty list INPUT... --json` (in this folder) gives the inputs exactly as `treaty run`
   takes them: N documents, sorted, folders walked by the binary.
2. Each scanned PDF of more than --split-pages pages (page count from `pdfinfo`) first gets one
   task per range of --pages-per-task pages, `treaty ocr FILE --pages A-B`, which OCRs those
   pages into the shared OCR cache (TREATY_OCR_CACHE) under the keys a run reads.
3. One task per document: `treaty run INPUT... --shard i/N --jobs 1 --out PARTS/i`, which
   processes input i-1 of the list alone (after its OCR tasks, whose pages it then finds in
   the cache).
4. `treaty merge PARTS/1 ... PARTS/N --out OUT`.

A document that fails in the pipeline is a result (a line of failures.jsonl, exit status 1 of
its run), not a task failure. A run that breaks (a usage or I/O error, exit 2 or 3; killed by a
signal) raises, and Ray runs the task again (`retry_exceptions`); a task whose worker process
dies is run again by Ray (`max_retries`). Tasks run in this folder (their working directory):
on a cluster of several machines, the inputs, PARTS, the OCR cache and the binary must be at
the same paths on every machine (a shared file system).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ray

# A parts folder the driver made holds this file: only such a folder is emptied at the start.
PARTS_MARKER = ".treaty-ray-parts"
# How many times a task is run again after its worker died or its run broke.
RETRIES = 3


class RunBroke(Exception):
    """`treaty` ended without a result: a usage or I/O error, or killed by a signal."""


@dataclass
class Document:
    doc: str
    path: str
    pages: int  # pages of a PDF (pdfinfo), 0 for other inputs


PR_SET_PDEATHSIG = 1


def death_signal() -> Any:
    """A function for the child, before exec, that has it killed when the Ray worker that
    started it dies (Linux), so the run of a worker that was killed does not go on beside the
    task's retry. libc is looked up here, in the parent: after the fork only the call runs."""
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return lambda: prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def run_treaty(
    command: list[str], cwd: str, cache: str | None, what: str
) -> subprocess.CompletedProcess[str]:
    """Runs the binary in `cwd` with one core for Tesseract and the shared OCR cache."""
    # One core a task: one Tesseract thread, one rayon thread (pages of a document one by one).
    env = dict(os.environ, OMP_THREAD_LIMIT="1", RAYON_NUM_THREADS="1")
    if cache:
        env["TREATY_OCR_CACHE"] = cache
    if not os.path.isdir(cwd):
        raise RunBroke(
            f"{what}: the driver's folder {cwd} is not on this worker (on a cluster, run the "
            "driver in a folder every machine shares)"
        )
    return subprocess.run(
        command,
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        preexec_fn=death_signal(),
        check=False,
    )


def tail(text: str, lines: int = 5) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


@ray.remote(num_cpus=1, max_retries=RETRIES, retry_exceptions=[RunBroke])
def ocr_task(
    treaty: str, cwd: str, cache: str | None, global_options: list[str], path: str, first: int, last: int
) -> dict[str, Any]:
    """`treaty ocr PATH --pages FIRST-LAST`: fills the OCR cache. A PDF it cannot read is
    no task failure: the document's run reads the pages itself and says what is wrong."""
    what = f"treaty ocr {path} --pages {first}-{last}"
    done = run_treaty(
        [treaty, *global_options, "ocr", path, "--pages", f"{first}-{last}"], cwd, cache, what
    )
    if done.returncode < 0:
        raise RunBroke(f"{what}: killed by signal {-done.returncode}")
    if done.returncode != 0:
        return {"pages": 0, "cached": 0, "error": f"{what}: {tail(done.stderr)}"}
    return json.loads(done.stdout.strip().splitlines()[-1])


@ray.remote(num_cpus=1, max_retries=RETRIES, retry_exceptions=[RunBroke])
def document_task(
    treaty: str,
    cwd: str,
    cache: str | None,
    global_options: list[str],
    run_arguments: list[str],
    index: int,
    count: int,
    part: str,
    *ocr_done: dict[str, Any],
) -> dict[str, Any]:
    """`treaty run ... --shard INDEX/COUNT --jobs 1 --out PART`: one document. Runs after the
    OCR tasks of its pages (`ocr_done`, their results). Exit 0 or 1 with a complete run.json
    is a result; anything else raises RunBroke, so Ray runs it again."""
    what = f"treaty run --shard {index}/{count} --out {part}"
    done = run_treaty(
        [
            treaty,
            *global_options,
            "run",
            *run_arguments,
            "--shard",
            f"{index}/{count}",
            "--jobs",
            "1",
            "--quiet",
            "--out",
            part,
        ],
        cwd,
        cache,
        what,
    )
    if done.returncode < 0:
        raise RunBroke(f"{what}: killed by signal {-done.returncode}")
    manifest_path = Path(cwd, part, "run.json")
    try:
        manifest = json.loads(manifest_path.read_text())
    except (OSError, ValueError) as error:
        raise RunBroke(f"{what}: exit {done.returncode}, {manifest_path}: {error}: {tail(done.stderr)}")
    if done.returncode not in (0, 1) or manifest.get("status") != "complete":
        raise RunBroke(
            f"{what}: exit {done.returncode}, run.json says {manifest.get('status')!r}: {tail(done.stderr)}"
        )
    return {
        "index": index,
        "pid": manifest["pid"],
        "counts": manifest["counts"],
        "ocr": manifest.get("ocr", {"pages": 0, "cached": 0}),
        "prefilled": sum(result.get("pages", 0) for result in ocr_done),
    }


def list_inputs(treaty: str, run_arguments: list[str], out: str) -> list[dict[str, Any]]:
    """The run's inputs, as the binary collects and sorts them."""
    done = subprocess.run(
        [treaty, "list", *run_arguments, "--out", out, "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"ray_driver: `treaty list` failed (exit {done.returncode}): {done.stderr.strip()}")
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def pdf_pages(path: str) -> int:
    """A PDF's page count from `pdfinfo`; 0 when it is no PDF or pdfinfo cannot tell (the
    document is then one task, as any other)."""
    if not path.lower().endswith(".pdf"):
        return 0
    try:
        done = subprocess.run(["pdfinfo", path], capture_output=True, text=True, check=False)
    except FileNotFoundError:
        return 0
    for line in done.stdout.splitlines():
        if line.startswith("Pages:"):
            try:
                return int(line.split()[1])
            except (IndexError, ValueError):
                return 0
    return 0


def page_ranges(pages: int, size: int) -> list[tuple[int, int]]:
    return [(first, min(first + size - 1, pages)) for first in range(1, pages + 1, size)]


def prepare_parts(parts: Path, inputs: list[str]) -> None:
    """An empty parts folder, outside every input folder (its files would be inputs)."""
    resolved = parts.resolve()
    for argument in inputs:
        folder = Path(argument).resolve()
        if folder.is_dir() and (resolved == folder or folder in resolved.parents):
            sys.exit(f"ray_driver: the parts folder {parts} is inside the input folder {argument}; give --parts elsewhere")
    if parts.exists():
        if any(parts.iterdir()) and not (parts / PARTS_MARKER).is_file():
            sys.exit(
                f"ray_driver: {parts} exists and is not a parts folder of this driver (no {PARTS_MARKER}); "
                "give --parts an empty or new folder"
            )
        shutil.rmtree(parts)
    parts.mkdir(parents=True)
    (parts / PARTS_MARKER).write_text("parts of a run of engine/ray_driver.py; removed by the next run\n")


def use_token_if_available() -> None:
    """Connects to an existing cluster with token authentication when a token is at hand.

    `ray start --head` (Ray 2.60) requires the token saved in ~/.ray/auth_token when there is
    one, but `ray.init(address=...)` sends it only in token mode, which it turns on by itself
    for a cluster it finds without an address, never for an explicit one; without this, the
    README's recipe fails with "Authentication token is missing". This is Ray's own step for
    the found cluster (a `RAY_AUTH_MODE` set in the environment is respected; a token in
    `RAY_AUTH_TOKEN` or `RAY_AUTH_TOKEN_PATH` counts), which also refreshes the configuration
    Ray read when it was imported."""
    from ray._private.authentication.authentication_token_setup import (
        maybe_enable_token_auth_if_token_available,
    )

    maybe_enable_token_auth_if_token_available(warn_if_disabled=False)


def default_treaty() -> str:
    found = shutil.which("treaty")
    if found:
        return found
    built = Path(__file__).resolve().parent.parent / "target" / "release" / "treaty"
    return str(built)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="*", help="files or folders, as `treaty run` takes them (default: corpus/)")
    parser.add_argument("--inputs-from", help="a file listing the inputs, as `treaty run --inputs-from` reads it")
    parser.add_argument("--out", required=True, help="the folder the merged output is written to")
    parser.add_argument("--parts", help="the folder of the per-document outputs (default: OUT.parts); shared by all workers")
    parser.add_argument("--ocr-cache", help="the OCR cache every task reads and fills (default: $TREATY_OCR_CACHE, else each machine's own)")
    parser.add_argument("--treaty", default=default_treaty(), help="the treaty binary (default: treaty on PATH, else target/release/treaty)")
    parser.add_argument("--address", help="the Ray cluster to connect to (ray start --head prints it); default: start a local one")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="CPUs of the local cluster (default: all); ignored with --address")
    parser.add_argument("--split-pages", type=int, default=8, help="a PDF of more pages gets its OCR in page-range tasks first (default: 8)")
    parser.add_argument("--pages-per-task", type=int, default=4, help="pages per OCR task (default: 4)")
    parser.add_argument("--ocr", choices=["auto", "always", "never"], help="as `treaty --ocr`")
    parser.add_argument("--time-limit", help="as `treaty run --time-limit`")
    parser.add_argument("--max-bytes", help="as `treaty run --max-bytes`")
    parser.add_argument("--csv-raw", action="store_true", help="as `treaty run --csv-raw`")
    parser.add_argument("--report", action="store_true", help="as `treaty run --report`: the merged HTML report")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args()
    if args.workers < 1 or args.split_pages < 1 or args.pages_per_task < 1:
        parser.error("--workers, --split-pages and --pages-per-task must be 1 or more")

    started = time.monotonic()
    cwd = os.getcwd()
    treaty = str(Path(args.treaty).resolve())
    if not os.access(treaty, os.X_OK):
        sys.exit(f"ray_driver: {treaty} is no executable treaty binary (build it with `cargo build --release`, or give --treaty)")
    cache = str(Path(args.ocr_cache).resolve()) if args.ocr_cache else os.environ.get("TREATY_OCR_CACHE")
    out = args.out
    # Absolute, so the tasks' command lines and the messages say where the parts are.
    parts = Path(args.parts or f"{out.rstrip('/')}.parts").absolute()
    global_options = ["--ocr", args.ocr] if args.ocr else []
    run_arguments = list(args.inputs)
    if args.inputs_from:
        run_arguments += ["--inputs-from", args.inputs_from]
    for flag, value in (("--time-limit", args.time_limit), ("--max-bytes", args.max_bytes)):
        if value is not None:
            run_arguments += [flag, value]
    if args.csv_raw:
        run_arguments.append("--csv-raw")
    if args.report:
        run_arguments.append("--report")

    listed = list_inputs(treaty, [*args.inputs, *(["--inputs-from", args.inputs_from] if args.inputs_from else [])], out)
    if not listed:
        sys.exit("ray_driver: the inputs hold no document to process")
    documents = [Document(item["doc"], item["path"], pdf_pages(item["path"])) for item in listed]
    prepare_parts(parts, args.inputs or ["corpus"])

    if args.address:
        use_token_if_available()
        ray.init(address=args.address, log_to_driver=False)
    else:
        ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)

    count = len(documents)
    ocr_refs: list[ray.ObjectRef] = []
    document_refs: list[ray.ObjectRef] = []
    for index, document in enumerate(documents, start=1):
        mine: list[ray.ObjectRef] = []
        if document.pages > args.split_pages:
            for first, last in page_ranges(document.pages, args.pages_per_task):
                mine.append(
                    ocr_task.remote(treaty, cwd, cache, global_options, document.path, first, last)
                )
        ocr_refs += mine
        part = str(parts / str(index))
        document_refs.append(
            document_task.remote(treaty, cwd, cache, global_options, run_arguments, index, count, part, *mine)
        )

    # Progress across workers, as tasks finish.
    pending = ocr_refs + document_refs
    documents_done = ranges_done = failed = pages = cached = prefilled = 0
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        try:
            result = ray.get(ready[0])
        except ray.exceptions.RayError as error:
            ray.shutdown()
            print(f"ray_driver: a task failed {RETRIES + 1} times, so the run stops: {error}", file=sys.stderr)
            return 3
        if "index" in result:
            documents_done += 1
            failed += result["counts"]["failed"] + result["counts"]["skipped"]
            pages += result["ocr"]["pages"]
            cached += result["ocr"]["cached"]
        else:
            ranges_done += 1
            prefilled += result.get("pages", 0)
            if result.get("error"):
                print(f"ray_driver: {result['error']}", file=sys.stderr)
        if not args.quiet:
            print(
                f"documents {documents_done}/{count} ({failed} failed or skipped), page-range OCR tasks "
                f"{ranges_done}/{len(ocr_refs)}, OCR pages: {prefilled} in page-range tasks, {pages} in "
                f"document runs ({cached} from the cache), "
                f"{time.monotonic() - started:.0f}s",
                file=sys.stderr,
                flush=True,
            )
    ray.shutdown()

    merge = [treaty, *global_options, "merge", *(str(parts / str(index)) for index in range(1, count + 1)), "--out", out]
    if args.quiet:
        merge.append("--quiet")
    env = dict(os.environ, **({"TREATY_OCR_CACHE": cache} if cache else {}))
    merged = subprocess.run(merge, env=env, check=False)
    if merged.returncode != 0:
        print(f"ray_driver: `treaty merge` failed (exit {merged.returncode}); the parts are in {parts}", file=sys.stderr)
        return merged.returncode
    if not args.quiet:
        print(
            f"ray_driver: {count} documents ({failed} failed or skipped) in {time.monotonic() - started:.1f}s -> {out}",
            file=sys.stderr,
        )
    # As `treaty run`: 1 when a document failed or a file was skipped as not text.
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
