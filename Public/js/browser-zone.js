// At set-up, the family hub starts in the time zone of the browser that sets it up; Settings can change it.

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
for (const field of document.querySelectorAll("input[data-browser-zone]")) {
    if (!field.value && zone) field.value = zone;
}
