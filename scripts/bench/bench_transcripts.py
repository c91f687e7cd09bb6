"""make bench-transcripts: recordings typed out through the hub's transcript jobs, and the printed book of stories.

Runs `heirloom bench-transcripts` on a fresh data folder (SQLite, media in a folder) with HEIRLOOM_STT_CONCURRENCY
(4 unless BENCH_STT_CONCURRENCY says otherwise):

1. BENCH_RECORDINGS recordings (100) through the real TranscriptJobs (claims, saves, the search index) with an
   engine that takes BENCH_STT_SECONDS (1 s) for each, as a speech model would; the ideal in the same run is
   ceil(recordings / concurrency) × seconds, 25 s for 100 at 4 at once.
2. A book of BENCH_BOOK_CHAPTERS chapters (52: a year of weekly questions) on US Letter, each with four paragraphs,
   a photo made from a 12-megapixel JPEG, and a QR code: the time to draw it (photos made small included) and the
   PDF's size, twice: photos of camera noise (compresses worst of all, as bench-reports uses) and the same noise
   softened (closer to a family's photos). Pages are counted with pdfinfo.
"""

import os
import subprocess
import sys
import tempfile

RECORDINGS = os.environ.get("BENCH_RECORDINGS", "100")
SECONDS = os.environ.get("BENCH_STT_SECONDS", "1")
CONCURRENCY = os.environ.get("BENCH_STT_CONCURRENCY", "4")
CHAPTERS = os.environ.get("BENCH_BOOK_CHAPTERS", "52")


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def bench(binary, data_dir, arguments):
    env = dict(
        os.environ, HEIRLOOM_DATA_DIR=data_dir, HEIRLOOM_PUBLIC_URL="http://127.0.0.1:8080",
        HEIRLOOM_LAN_ADDRESS="127.0.0.1", HEIRLOOM_STT_CONCURRENCY=CONCURRENCY, LOG_LEVEL="warning")
    env.pop("DATABASE_URL", None)
    result = subprocess.run(
        [binary, "bench-transcripts"] + arguments, env=env, check=True, capture_output=True, text=True)
    return [line for line in result.stdout.splitlines() if line.startswith("|") or line == ""]


def pages(pdf):
    info = subprocess.run(["pdfinfo", pdf], check=True, capture_output=True, text=True).stdout
    return next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:"))


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/heirloom"
    work = tempfile.mkdtemp(prefix="heirloom-bench-transcripts-")
    noise = os.path.join(work, "noise.jpg")
    soft = os.path.join(work, "soft.jpg")
    base = os.path.join(work, "base.v")
    run("vips", "gaussnoise", base, "4000", "3000", "--sigma", "40")
    run("vips", "copy", base, noise + "[Q=90]")
    run("vips", "gaussblur", base, soft + "[Q=90]", "3")
    data = os.path.join(work, "data")
    print(f"# make bench-transcripts ({binary}; HEIRLOOM_STT_CONCURRENCY={CONCURRENCY})\n")
    first = bench(binary, data, [
        "--recordings", RECORDINGS, "--seconds", SECONDS, "--chapters", CHAPTERS, "--photo", noise,
        "--book", os.path.join(work, "book-noise.pdf")])
    second = bench(binary, data, [
        "--recordings", "0", "--chapters", CHAPTERS, "--photo", soft, "--book", os.path.join(work, "book-soft.pdf")])
    for line in first:
        print(line)
    print(second[-1].replace("| US Letter,", "| US Letter, softened photos,") if second else "")
    print()
    print(f"pages: {pages(os.path.join(work, 'book-noise.pdf'))} (noise), "
          f"{pages(os.path.join(work, 'book-soft.pdf'))} (softened); the PDFs are in {work}")


if __name__ == "__main__":
    main()
