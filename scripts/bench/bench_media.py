"""make bench-media: image ingest through the HTTP API next to vipsthumbnail, and a 1 GiB upload next to a copy.

Prints one table. Goals: time per image within 1.3x of vipsthumbnail making the same two sizes from the
same files; upload throughput near a plain copy on the same disk; server memory growth under 64 MB.

Under scripts/with-s3.sh (as `make bench-media` runs it) a second hub keeps its media in the S3 service: its photo
ingest next to the folder hub's, and its 1 GiB upload next to boto3 uploading the same file to the same service
(goal at least 0.9x, memory growth under 64 MB).
"""

import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
from hub import Hub, table  # noqa: E402

JPEGS = int(os.environ.get("BENCH_JPEGS", "30"))
HEICS = int(os.environ.get("BENCH_HEICS", "10"))
BIG_BYTES = int(os.environ.get("BENCH_UPLOAD_BYTES", str(1 << 30)))


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make_photos(directory):
    """Twelve-megapixel photos (4000 x 3000) with camera-like detail, as JPEG and as HEIC."""
    jpegs, heics = [], []
    base = os.path.join(directory, "base.v")
    run("vips", "gaussnoise", base, "4000", "3000", "--sigma", "40")
    for index in range(JPEGS):
        path = os.path.join(directory, f"photo-{index:02}.jpg")
        # each file differs, so the content-addressed store cannot skip any
        run("vips", "linear", base, path + "[Q=90]", "1", str(index * 3), "--uchar")
        jpegs.append(path)
    for index in range(HEICS):
        path = os.path.join(directory, f"photo-{index:02}.heic")
        run("heif-enc", "-q", "80", "-o", path, jpegs[index % len(jpegs)])
        heics.append(path)
    return jpegs, heics


def ingest(hub, paths):
    """Seconds per image for uploads through POST /api/media, one after another."""
    started = time.perf_counter()
    for path in paths:
        with open(path, "rb") as body:
            status, data = hub.request(
                "POST", f"/api/media?use=photo&fileName={os.path.basename(path)}", body=body.read(),
                headers={"Content-Type": "application/octet-stream"},
            )
        if status != 201:
            raise RuntimeError(f"upload of {path} failed: {status} {data[:300]}")
    return (time.perf_counter() - started) / len(paths)


def vipsthumbnail(paths, out):
    """Seconds per image for vipsthumbnail making a 1600 and a 320 pixel JPEG of each file."""
    started = time.perf_counter()
    for path in paths:
        name = os.path.splitext(os.path.basename(path))[0]
        run("vipsthumbnail", path, "-s", "1600", "-o", os.path.join(out, f"{name}-1600.jpg[Q=82,strip]"))
        run("vipsthumbnail", path, "-s", "320", "-o", os.path.join(out, f"{name}-320.jpg[Q=82,strip]"))
    return (time.perf_counter() - started) / len(paths)


def make_big_video(directory):
    """A real MP4 (moov first) followed by padding up to the size wanted."""
    clip = os.path.join(directory, "clip.mp4")
    run("ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25", "-t", "2", "-c:v", "libx264",
        "-pix_fmt", "yuv420p", "-movflags", "+faststart", clip)
    path = os.path.join(directory, "big.mp4")
    with open(path, "wb") as out, open(clip, "rb") as head:
        out.write(head.read())
        chunk = os.urandom(1 << 20)
        while out.tell() < BIG_BYTES:
            out.write(chunk[: min(len(chunk), BIG_BYTES - out.tell())])
    return path


def upload_big(hub, path):
    """MB/s of a streamed upload and the server's peak memory growth meanwhile."""
    baseline = hub.rss_kib()
    peak = [baseline]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], hub.rss_kib())
            time.sleep(0.02)

    sampler = threading.Thread(target=sample)
    sampler.start()
    size = os.path.getsize(path)
    conn = hub.connection()
    started = time.perf_counter()
    with open(path, "rb") as body:
        conn.request(
            "POST", "/api/media?use=video&fileName=big.mp4", body=body,
            headers={"Authorization": f"Bearer {hub.token}", "Content-Type": "application/octet-stream",
                     "Content-Length": str(size)},
        )
        response = conn.getresponse()
        data = response.read()
    elapsed = time.perf_counter() - started
    done.set()
    sampler.join()
    if response.status != 201:
        raise RuntimeError(f"the big upload failed: {response.status} {data[:300]}")
    return size / elapsed / 1e6, (peak[0] - baseline) / 1024


def plain_copy(path, directory):
    """MB/s of copying the same file on the same disk, fsynced like the store does."""
    target = os.path.join(directory, "copy.bin")
    started = time.perf_counter()
    with open(path, "rb") as source, open(target, "wb") as out:
        shutil.copyfileobj(source, out, 1 << 20)
        out.flush()
        os.fsync(out.fileno())
    elapsed = time.perf_counter() - started
    os.remove(target)
    return os.path.getsize(path) / elapsed / 1e6


def s3_environment(prefix):
    """The hub's variables for keeping media under `prefix` of with-s3.sh's bucket; None outside with-s3.sh."""
    endpoint = os.environ.get("HEIRLOOM_TEST_S3_ENDPOINT")
    if not endpoint:
        return None
    return {
        "HEIRLOOM_MEDIA_URL": f"s3://{os.environ['HEIRLOOM_TEST_S3_BUCKET']}/{prefix}",
        "HEIRLOOM_S3_ENDPOINT": endpoint,
        "HEIRLOOM_S3_REGION": os.environ["HEIRLOOM_TEST_S3_REGION"],
        "HEIRLOOM_S3_ACCESS_KEY_ID": os.environ["HEIRLOOM_TEST_S3_ACCESS_KEY_ID"],
        "HEIRLOOM_S3_SECRET_ACCESS_KEY": os.environ["HEIRLOOM_TEST_S3_SECRET_ACCESS_KEY"],
    }


def boto3_upload(path):
    """MB/s of boto3's own upload_file (its default multipart settings) of the same file to the same bucket."""
    import boto3
    from botocore.config import Config

    client = boto3.client(
        "s3", endpoint_url=os.environ["HEIRLOOM_TEST_S3_ENDPOINT"], region_name=os.environ["HEIRLOOM_TEST_S3_REGION"],
        aws_access_key_id=os.environ["HEIRLOOM_TEST_S3_ACCESS_KEY_ID"],
        aws_secret_access_key=os.environ["HEIRLOOM_TEST_S3_SECRET_ACCESS_KEY"],
        config=Config(s3={"addressing_style": "path"}))
    bucket, key = os.environ["HEIRLOOM_TEST_S3_BUCKET"], "bench/boto3-big.mp4"
    started = time.perf_counter()
    client.upload_file(path, bucket, key)
    elapsed = time.perf_counter() - started
    client.delete_object(Bucket=bucket, Key=key)
    return os.path.getsize(path) / elapsed / 1e6


def s3_rows(binary, work, jpegs, big, folder_ingest):
    """The S3 hub's photo ingest and 1 GiB upload, each next to its reference in this run."""
    s3 = Hub(binary, data_dir=os.path.join(work, "data-s3"), env=s3_environment("bench-hub"))
    try:
        s3.start()
        s3.set_up()
        ours = ingest(s3, [path for path in jpegs])
        rows = [[f"JPEG 12 MP × {len(jpegs)} into S3", f"{ours * 1000:.0f} ms/image",
                 f"{folder_ingest * 1000:.0f} ms/image (into a folder)", f"{ours / folder_ingest:.2f}×", "close to 1×"]]
        reference = boto3_upload(big)
        upload_rate, growth = upload_big(s3, big)
        rows.append([f"upload {os.path.getsize(big) / (1 << 30):.2f} GiB into S3", f"{upload_rate:.0f} MB/s",
                     f"{reference:.0f} MB/s (boto3 upload_file)", f"{upload_rate / reference:.2f}×", "≥ 0.9×"])
        rows.append(["server memory growth (S3)", f"{growth:.1f} MB", "", "", "< 64 MB"])
        return rows
    finally:
        s3.stop()


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/heirloom"
    work = tempfile.mkdtemp(prefix="heirloom-bench-media-")
    hub = Hub(binary, data_dir=os.path.join(work, "data"))
    try:
        print(f"Making {JPEGS} JPEGs and {HEICS} HEICs of 12 megapixels…", flush=True)
        jpegs, heics = make_photos(work)
        thumbs = os.path.join(work, "thumbs")
        os.makedirs(thumbs)
        hub.start()
        hub.set_up()
        rows = []
        folder_ingest = None
        for label, paths in (("JPEG 12 MP", jpegs), ("HEIC 12 MP", heics)):
            ours = ingest(hub, paths)
            folder_ingest = folder_ingest or ours
            reference = vipsthumbnail(paths, thumbs)
            rows.append([f"{label} × {len(paths)}", f"{ours * 1000:.0f} ms/image", f"{reference * 1000:.0f} ms/image",
                         f"{ours / reference:.2f}×", "≤ 1.3×"])
        print(f"Making a {BIG_BYTES / (1 << 30):.2f} GiB upload…", flush=True)
        big = make_big_video(work)
        copy_rate = plain_copy(big, work)
        upload_rate, growth = upload_big(hub, big)
        rows.append([f"upload {os.path.getsize(big) / (1 << 30):.2f} GiB", f"{upload_rate:.0f} MB/s",
                     f"{copy_rate:.0f} MB/s (cp + fsync)", f"{upload_rate / copy_rate:.2f}×", "close to 1×"])
        rows.append(["server memory growth", f"{growth:.1f} MB", "", "", "< 64 MB"])
        hub.stop()
        if s3_environment("") is not None:
            # The same photos again, each a new file to the S3 hub's store (it has its own prefix).
            rows += s3_rows(binary, work, jpegs, big, folder_ingest)
        print()
        table(["measure", "Heirloom (HTTP API)", "reference, same run", "ratio", "goal"], rows)
    finally:
        hub.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
