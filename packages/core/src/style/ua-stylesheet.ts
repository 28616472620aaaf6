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
p { margin-top: 1em; margin-bottom: 1em; }
blockquote { margin: 1em 40px; }
figure { margin: 1em 40px; }
address { font-style: italic; }
center { text-align: -webkit-center; }
hr { color: gray; border-style: inset; border-width: 1px; margin: 0.5em auto; overflow: hidden; unicode-bidi: isolate; }
h1 { font-size: 2em; margin-top: 0.67em; margin-bottom: 0.67em; font-weight: bold; }
h2 { font-size: 1.5em; margin-top: 0.83em; margin-bottom: 0.83em; font-weight: bold; }
h3 { font-size: 1.17em; margin-top: 1em; margin-bottom: 1em; font-weight: bold; }
h4 { margin-top: 1.33em; margin-bottom: 1.33em; font-weight: bold; }
h5 { font-size: 0.83em; margin-top: 1.67em; margin-bottom: 1.67em; font-weight: bold; }
h6 { font-size: 0.67em; margin-top: 2.33em; margin-bottom: 2.33em; font-weight: bold; }
ul, menu, dir { display: block; list-style-type: disc; margin-top: 1em; margin-bottom: 1em; padding-left: 40px; }
ol { display: block; list-style-type: decimal; margin-top: 1em; margin-bottom: 1em; padding-left: 40px; }
li { display: list-item; text-align: match-parent; }
:is(ul, ol, menu, dir) :is(ul, menu, dir) { list-style-type: circle; }
:is(ul, ol, menu, dir) :is(ul, ol, menu, dir) :is(ul, menu, dir) { list-style-type: square; }
:is(dir, dd, dl, dt, menu, ol, ul) :is(dir, dl, menu, ol, ul) { margin-top: 0; margin-bottom: 0; }
dd { display: block; margin-left: 40px; }
dl { display: block; margin-top: 1em; margin-bottom: 1em; }
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
pre, xmp, plaintext, listing { white-space: pre; margin-top: 1em; margin-bottom: 1em; }
textarea { white-space: pre-wrap; }
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
fieldset { margin-left: 2px; margin-right: 2px; padding: 0.35em 0.75em 0.625em; border: 2px groove ThreeDFace; }
legend { padding-left: 2px; padding-right: 2px; }
input, select, button, textarea { display: inline-block; font-size: 13.333333px; font-family: system-ui; }
input, textarea { border: 2px inset; padding: 1px 2px; background-color: white; }
button { border: 2px outset ButtonBorder; padding: 1px 6px; background-color: ButtonFace; text-align: center; }
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
`;
