// One voice at a time: when an <audio> or <video> starts playing, every other one on the page pauses.
// Media events don't bubble, so listen in the capture phase.

document.addEventListener(
    "play",
    (event) => {
        const started = event.target;
        if (!(started instanceof HTMLMediaElement)) {
            return;
        }
        for (const media of document.querySelectorAll("audio, video")) {
            if (media !== started && !media.paused) {
                media.pause();
            }
        }
    },
    true,
);
