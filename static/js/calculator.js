/* The score calculator's page script, and the card picker's start on the score pad too.
 *
 * Progressive enhancement: the form works as a plain POST without this script. With it, the
 * card picker (cards/picker.js) fills the rows by taps, and surrender boxes are hidden for
 * rule sets without surrender. Data comes from the json_script block "calculator-data"; there
 * is no inline script or style (strict Content Security Policy).
 */
import { startPicker } from "./cards/picker.js";

// After "Score hand" the page comes back at #result: put focus there, scrolled into view.
const result = document.getElementById("result");
if (result) {
  result.focus();
  result.scrollIntoView({ block: "start" });
}

const dataNode = document.getElementById("calculator-data");
const form = document.getElementById("calc-form");
const picker = document.getElementById("card-picker");

function syncSurrender(data) {
  const select = form.querySelector('select[name="rules"]');
  if (!select || !data.surrender) {
    return;
  }
  const allowed = Boolean(data.surrender[select.value]);
  form.querySelectorAll(".surrender-field").forEach((field) => {
    const box = field.querySelector("input");
    // A ticked box stays visible, so the server's error next to it can be read.
    field.hidden = !allowed && !(box && box.checked);
  });
}

if (dataNode && form && picker) {
  const data = JSON.parse(dataNode.textContent);
  startPicker(form, picker, data.labels || {});
  const rules = form.querySelector('select[name="rules"]');
  if (rules) {
    rules.addEventListener("change", () => syncSurrender(data));
  }
  syncSurrender(data);
}
