// Face boxes on a memory's photos: each <button data-face data-x data-y data-w data-h> is placed over its
// photo from the fractions, with its name (the element after it) just outside the box, so the name never
// covers the face. The name shows on hover or focus, and on a tap stays shown until another tap. Without the
// script, the names are listed under each photo anyway.

import { placeBadge, placeBox } from "./face-boxes.js";

const boxes = [...document.querySelectorAll("[data-face]")];
for (const box of boxes) {
    const face = { x: box.dataset.x, y: box.dataset.y, width: box.dataset.w, height: box.dataset.h };
    placeBox(box, face);
    const name = box.nextElementSibling;
    if (name?.matches("[data-face-name]")) placeBadge(name, face);
    box.classList.add("face-box--placed");
    box.addEventListener("click", (event) => {
        event.stopPropagation();
        const open = box.getAttribute("aria-expanded") !== "true";
        for (const other of boxes) other.setAttribute("aria-expanded", "false");
        box.setAttribute("aria-expanded", String(open));
    });
}
document.addEventListener("click", () => {
    for (const box of boxes) box.setAttribute("aria-expanded", "false");
});
