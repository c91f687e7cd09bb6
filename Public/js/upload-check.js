// Before a file is sent: one over the hub's limit, or of a kind it does not take, is refused on the page with the
// hub's own words (the layout's <meta name="upload-rules">), beside its field, so nobody waits for an upload that
// the hub would refuse. <input type="file" data-upload-use="photo|document|audio|video|media">; "media" decides
// by the file (a memory's photos, films and voices). Without this script, the hub refuses such files itself.

const meta = document.querySelector('meta[name="upload-rules"]');
const rules = meta ? JSON.parse(meta.content) : {};

function useOf(input, file) {
    const declared = input.dataset.uploadUse;
    if (declared !== "media") return declared;
    const type = file.type || "";
    if (type.startsWith("video/") && !/\.webm$/i.test(file.name)) return "video";
    if (type.startsWith("audio/") || /\.(m4a|mp3|wav|ogg|oga|opus|webm)$/i.test(file.name)) return "audio";
    return "photo";
}

function refusal(input, file) {
    const rule = rules[useOf(input, file)];
    if (!rule) return null;
    const dot = file.name.lastIndexOf(".");
    const ending = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : "";
    const type = (file.type || "").toLowerCase();
    const known = rule.extensions.includes(ending) || rule.types.includes(type);
    // A file that says nothing of its kind is left to the hub, which reads its first bytes.
    if (!known && (ending || type)) return rule.unsupported;
    if (file.size > rule.bytes) return rule.tooLarge;
    return null;
}

function errorFor(input) {
    let error = document.getElementById(`${input.id}-check`);
    if (!error) {
        error = document.createElement("p");
        error.className = "field__error";
        error.id = `${input.id}-check`;
        error.setAttribute("role", "alert");
        input.before(error);
    }
    return error;
}

function check(input) {
    const files = [...(input.files || [])];
    const problems = files
        .map((file) => [file, refusal(input, file)])
        .filter(([, message]) => message)
        .map(([file, message]) => (files.length > 1 ? `${file.name}: ${message}` : message));
    const field = input.closest(".field");
    const described = (input.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && id !== `${input.id}-check`);
    if (problems.length === 0) {
        document.getElementById(`${input.id}-check`)?.remove();
        input.removeAttribute("aria-invalid");
        field?.classList.remove("field--error");
        input.setAttribute("aria-describedby", described.join(" "));
        return true;
    }
    errorFor(input).textContent = problems.join(" ");
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", [...described, `${input.id}-check`].join(" "));
    field?.classList.add("field--error");
    return false;
}

document.addEventListener("change", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.matches("input[type=file][data-upload-use]")) {
        check(event.target);
    }
});

// In the capture phase, before the upload with progress starts: a refused file stops the form here.
document.addEventListener(
    "submit",
    (event) => {
        const form = event.target;
        if (!(form instanceof HTMLFormElement)) return;
        const refused = [...form.querySelectorAll("input[type=file][data-upload-use]")].filter((input) => !check(input));
        if (refused.length > 0) {
            event.preventDefault();
            event.stopImmediatePropagation();
            refused[0].focus();
        }
    },
    true,
);
