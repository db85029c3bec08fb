/* Text helpers the page scripts share. The texts come translated from the server (json_script);
 * the scripts only fill in their numbers and names. */

// A gettext template with its %(name)s placeholders filled in.
export function fill(template, values) {
  return template.replace(/%\((\w+)\)s/g, (_, name) => values[name]);
}

// Points as typed ("5", "+3", " -2 "): the whole number, or null for anything else.
export function wholeNumber(text) {
  const trimmed = String(text || "").trim();
  return /^[+-]?\d+$/.test(trimmed) ? parseInt(trimmed, 10) : null;
}

// A number as the pads show points: +3, 0, -2.
export function signed(number) {
  return number > 0 ? "+" + number : String(number);
}
