// The behaviours that many pages share, each loaded only where the page has something for it: a page sends no
// script that it does not use. The modules' own imports stay beside them, under the same versioned address.

const behaviours = [
    ["[data-copy-target], [data-print], [data-share-target]", "./copy.js"],
    ["form", "./confirm.js"],
    ["form[data-upload-progress]", "./upload-progress.js"],
    ["audio, video", "./audio-exclusive.js"],
    ["[data-waveform]", "./waveform.js"],
    ["[data-recorder]", "./audio-recorder.js"],
    ["input[type=file][data-upload-use]", "./upload-check.js"],
    ["[data-zone-search]", "./zone-search.js"],
    ["input[data-browser-zone]", "./browser-zone.js"],
    ['[aria-invalid="true"], .field--error, .field__error:not([hidden])', "./form-again.js"],
];

for (const [selector, module] of behaviours) {
    if (document.querySelector(selector)) {
        import(module);
    }
}
