/**
 * The user-agent stylesheet, modelled on Chromium's html.css (third_party/blink/renderer/
 * core/html/resources/html.css) for print: only what changes rendering of static
 * documents. `-internal-center` etc. are mapped by the property parsers.
 */
export const UA_STYLESHEET = `
html, address, blockquote, body, center, dialog[open], div, figure, figcaption, footer, form, header, hr,
legend, listing, main, p, plaintext, pre, search, xmp, article, aside, h1, h2, h3, h4, h5, h6, hgroup,
nav, section, details, summary, fieldset, optgroup { display: block; }
head, link, meta, script, style, title, base, template, noscript, datalist, param, area, dialog:not([open]), [hidden]:not([hidden="until-found" i]), input[type="hidden" i], noembed, noframes, rp { display: none; }
body { margin: 8px; }
p { margin-block: 1em; }
blockquote { margin-block: 1em; margin-inline: 40px; }
figure { margin-block: 1em; margin-inline: 40px; }
address { font-style: italic; }
center { text-align: -webkit-center; }
hr { color: gray; border-style: inset; border-width: 1px; margin: 0.5em auto; overflow: hidden; unicode-bidi: isolate; }
h1 { font-size: 2em; margin-block: 0.67em; font-weight: bold; }
h2 { font-size: 1.5em; margin-block: 0.83em; font-weight: bold; }
h3 { font-size: 1.17em; margin-block: 1em; font-weight: bold; }
h4 { margin-block: 1.33em; font-weight: bold; }
h5 { font-size: 0.83em; margin-block: 1.67em; font-weight: bold; }
h6 { font-size: 0.67em; margin-block: 2.33em; font-weight: bold; }
ul, menu, dir { display: block; list-style-type: disc; margin-block: 1em; padding-inline-start: 40px; }
ol { display: block; list-style-type: decimal; margin-block: 1em; padding-inline-start: 40px; }
li { display: list-item; text-align: match-parent; }
:is(ul, ol, menu, dir) :is(ul, menu, dir) { list-style-type: circle; }
:is(ul, ol, menu, dir) :is(ul, ol, menu, dir) :is(ul, menu, dir) { list-style-type: square; }
:is(dir, dd, dl, dt, menu, ol, ul) :is(dir, dl, menu, ol, ul) { margin-block: 0; }
dd { display: block; margin-inline-start: 40px; }
dl { display: block; margin-block: 1em; }
dt { display: block; }
table { display: table; border-collapse: separate; border-spacing: 2px; box-sizing: border-box; text-indent: initial; }
thead { display: table-header-group; vertical-align: middle; border-color: inherit; }
tbody { display: table-row-group; vertical-align: middle; border-color: inherit; }
tfoot { display: table-footer-group; vertical-align: middle; border-color: inherit; }
table > tr { vertical-align: middle; }
col { display: table-column; }
colgroup { display: table-column-group; }
tr { display: table-row; vertical-align: inherit; border-color: inherit; }
td, th { display: table-cell; vertical-align: inherit; padding: 1px; }
th { font-weight: bold; text-align: -internal-center; }
caption { display: table-caption; text-align: -webkit-center; }
b, strong { font-weight: bolder; }
i, cite, em, var, address, dfn { font-style: italic; }
tt, code, kbd, samp, pre, listing, xmp, plaintext { font-family: monospace; }
pre, xmp, plaintext, listing { white-space: pre; margin-block: 1em; }
big { font-size: larger; }
small { font-size: smaller; }
s, strike, del { text-decoration: line-through; }
u, ins { text-decoration: underline; }
sub { vertical-align: sub; font-size: smaller; }
sup { vertical-align: super; font-size: smaller; }
nobr { white-space: nowrap; }
mark { background-color: yellow; color: black; }
abbr[title], acronym[title] { text-decoration: dotted underline; }
a:any-link, area:any-link { color: -webkit-link; text-decoration: underline; }
summary { display: list-item; counter-increment: list-item 0; list-style: disclosure-closed inside; }
details[open] > summary:first-of-type { list-style-type: disclosure-open; }
q::before { content: open-quote; }
q::after { content: close-quote; }
img { overflow: clip; }
iframe { border: 2px inset; }
video, canvas, img, svg, iframe, object, embed { overflow: clip; }
dialog { position: absolute; inset-inline-start: 0; inset-inline-end: 0; width: fit-content; height: fit-content; margin: auto; border: solid; padding: 1em; background-color: Canvas; color: CanvasText; }
[popover]:not(dialog[open]) { display: none; } /* HTML §6.12: a popover shows only once a script or an invoker opens it; a print runs neither */
fieldset { margin-left: 2px; margin-right: 2px; padding: 0.35em 0.75em 0.625em; border: 2px groove ThreeDFace; }
legend { padding-left: 2px; padding-right: 2px; }
input, textarea, select, button { margin: 0; font: 13.333333px Arial; color: black; letter-spacing: normal; word-spacing: normal; line-height: normal; text-transform: none; text-indent: 0; text-shadow: none; display: inline-block; text-align: start; }
input, textarea, select, button, meter, progress { appearance: auto; }
input:not([type="file" i], [type="image" i], [type="checkbox" i], [type="radio" i]), button, select { align-content: center; }
input { padding: 1px 2px; border: 2px inset #767676; background-color: white; }
input:not([type="range" i], [type="checkbox" i], [type="radio" i]) { overflow: clip !important; }
input[type="search" i] { box-sizing: border-box; }
input:is([type="date" i], [type="time" i], [type="datetime-local" i], [type="month" i], [type="week" i]) { font-family: monospace; padding: 0 0 0 1px; }
input[type="hidden" i], input[type="image" i], input[type="file" i] { appearance: none; padding: initial; background-color: initial; border: initial; }
input[type="file" i] { color: inherit; white-space: pre; text-align: start !important; text-overflow: ellipsis !important; }
input[type="file" i]::file-selector-button { margin: 0; font: 13.333333px Arial; font-size: inherit; color: black; letter-spacing: normal; word-spacing: normal; line-height: normal; text-transform: none; text-indent: 0; text-shadow: none; display: inline-block; white-space: nowrap; margin-inline-end: 4px; overflow: clip; box-sizing: border-box; text-align: center; padding: 1px 6px; border: 2px outset #767676; background-color: #efefef; appearance: auto; } /* the shadow tree's <input type=button>: html.css's input, button and ::-webkit-file-upload-button rules */
input[type="radio" i], input[type="checkbox" i] { padding: initial; background-color: initial; border: initial; box-sizing: border-box; }
input[type="checkbox" i] { margin: 3px 3px 3px 4px; }
input[type="radio" i] { margin: 3px 3px 0 5px; }
input:is([type="button" i], [type="submit" i], [type="reset" i]) { white-space: pre; }
input:is([type="button" i], [type="submit" i], [type="reset" i]), button { box-sizing: border-box; text-align: center; padding: 1px 6px; border: 2px outset #767676; background-color: #efefef; color: black; }
input[type="range" i] { padding: initial; border: initial; margin: 2px; color: #101010; }
input[type="color" i] { box-sizing: border-box; width: 50px; height: 27px; border: 1px solid #767676; padding: 1px 2px; background-color: #efefef; color: black; }
input:is([type="checkbox" i], [type="file" i], [type="radio" i], [type="range" i]):disabled { background-color: initial; }
input:is([type="button" i], [type="submit" i], [type="reset" i]):disabled, input[type="file" i]:disabled::file-selector-button, button:disabled { background-color: rgba(239, 239, 239, 0.3); border-color: rgba(118, 118, 118, 0.3); color: rgba(16, 16, 16, 0.3); }
input:disabled, textarea:disabled { background-color: rgba(239, 239, 239, 0.3); color: #545454; border-color: rgba(118, 118, 118, 0.3); }
textarea { font-family: monospace; border: 1px solid #767676; background-color: white; padding: 2px; white-space: pre-wrap; overflow-wrap: break-word; overflow: auto; }
select { box-sizing: border-box; white-space: pre; color: black; background-color: #efefef; border: 1px solid #767676; border-radius: 0; }
select:is([multiple], [size]:not([size="1"], [size="0"])) { vertical-align: text-bottom; white-space: nowrap; overflow: hidden; background-color: white; align-content: normal; } /* a list box's rows start at its top (measured) */
select:disabled { border-color: rgba(118, 118, 118, 0.3); }
select:disabled, optgroup:disabled, option:disabled { color: GrayText; }
optgroup { font-weight: bolder; display: block; }
optgroup::before { content: attr(label); display: block; padding: 0 2px 1px; white-space: nowrap; min-height: 1.2em; } /* a list box's group label row (Chromium's optgroup shadow label) */
optgroup > option { padding-inline-start: 20px; } /* options of a group indented under its label (measured) */
option { font-weight: normal; display: block; padding: 0 2px 1px; white-space: nowrap; min-height: 1.2em; }
meter { box-sizing: border-box; display: inline-block; width: 5em; height: 1em; vertical-align: -0.2em; }
progress { box-sizing: border-box; display: inline-block; width: 10em; height: 1em; vertical-align: -0.2em; }
ruby { display: ruby; }
rt { display: ruby-text; font-size: 50%; }
bdi, output { unicode-bidi: isolate; }
bdo { unicode-bidi: bidi-override; }
[dir="rtl" i] { direction: rtl; unicode-bidi: isolate; }
[dir="ltr" i] { direction: ltr; unicode-bidi: isolate; }
[dir="auto" i] { unicode-bidi: isolate; }
bdo[dir] { unicode-bidi: isolate-override; } /* after [dir]: UA rules apply in sheet order, not by specificity */
::marker { unicode-bidi: isolate; font-variant-numeric: tabular-nums; white-space: pre; text-transform: none; }
`;

/** Chromium's quirks.css, applied to documents without a doctype. */
export const QUIRKS_STYLESHEET = `
table { white-space: normal; line-height: normal; font-weight: normal; font-size: medium; font-variant: normal; font-style: normal; color: inherit; text-align: start; }
img[align="left" i] { margin-right: 3px; }
img[align="right" i] { margin-left: 3px; }
form { margin-bottom: 1em; }
input:not([type="image" i]), textarea { box-sizing: border-box; }
`;
