// The typed copy beside a recording follows it: a click (or Enter) on a phrase plays from there, and the phrase
// being heard is highlighted. Without JavaScript the text is simply there to read.
(function () {
    "use strict";
    function player(block) {
        var holder = block.parentElement;
        while (holder && !holder.querySelector("audio, video")) holder = holder.parentElement;
        return holder ? holder.querySelector("audio, video") : null;
    }
    document.querySelectorAll("[data-transcript]").forEach(function (block) {
        var media = player(block);
        var phrases = Array.prototype.slice.call(block.querySelectorAll(".transcript__segment[data-start]"));
        if (!media || phrases.length === 0) return;
        phrases.forEach(function (phrase) {
            phrase.setAttribute("role", "button");
            phrase.setAttribute("tabindex", "0");
            phrase.title = "Play from here";
            function play() {
                media.currentTime = parseFloat(phrase.getAttribute("data-start")) || 0;
                media.play();
            }
            phrase.addEventListener("click", play);
            phrase.addEventListener("keydown", function (event) {
                if (event.key === "Enter" || event.key === " ") {
                    event.preventDefault();
                    play();
                }
            });
        });
        var current = null;
        media.addEventListener("timeupdate", function () {
            var now = media.currentTime;
            var heard = null;
            for (var i = 0; i < phrases.length; i++) {
                if (now >= parseFloat(phrases[i].getAttribute("data-start"))) heard = phrases[i];
            }
            if (heard === current) return;
            if (current) current.removeAttribute("aria-current");
            if (heard) heard.setAttribute("aria-current", "true");
            current = heard;
        });
    });
})();
