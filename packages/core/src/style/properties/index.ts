/** Importing the property groups registers every longhand in PROPERTIES. */
import './box.js';
import './text.js';
import './background.js';
import './layout-modes.js';
import './content.js';
import './clipping.js';
import './webkit-box.js';

export { PROPERTIES, type Flat, type ComputeContext, type PropertyDef } from './registry.js';
