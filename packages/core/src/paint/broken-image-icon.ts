import { BROKEN_IMAGE_ICON } from '@platen/layout';
import type { DecodedImage } from '../resources/images.js';

/**
 * The icon Chromium draws for an image that did not load (HTML §15.4.1), taken from its print:
 * 14×16 pixels drawn into a 16×16 box. From Chromium's resources (BSD 3-clause).
 */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAA4AAAAQCAYAAAAmlE46AAAB7ElEQVR42o2RsWtTURTGf+/1vcQ22IJQ0aJDBQsiDi0kri66uDo2beb+B47i6pShg0KVRBx0cVIK4iBKIWKlQgUrWNsILalVkzQvyUve+Rxem7aQoQfucO65v3vOdz6nWCyKE0Q2m01lMpmgVCrFF4VCUfWmqRr0P7Ug0vz8vAqFooChdDoDgCeJaiCCtvXtlPC033EaSY3Z2ZlUOp0OPMlodWGvFYOT4wkAPq+HAAz5h0pmZrJI1sjlcinPTEggialLyd6jyfEEyz/aCOh0OuTz+V5tYeFxw5PiH49CB2Emmq0ud6bnGEw4APiey/NnT/DMDASl70FfjY47wG69y4Ab58NDCcwsXo5JRNbflchE2D3MPU9IijsKkJ3ITgRcmbrh9EY1O1o0/oZlBhyfEX/sGFjbC53RsfF4VAFRFAGw3ljidfkerh8vY9Sf4Ob5uwz753Bd19n49ontnyu4ZoYEJlj595LF7fs9CGCns8aLzTnWam+dwaSHhXUAuQd2rO+9Z2n34b6K49EldD7+ecpW+wvXrt+SJFwzUW1XePc73xcCHBERqsGbjUcyGWbCk4xXGw9oW70vNFq5TLJ9ml8Xl1UJv7K4mQdcvGazSeLDGa5y+xhRvrDs1Ea2OLszAaCR1bgerLZInkryH/vcHlsbZwOEAAAAAElFTkSuQmCC';

export const brokenImageIcon: DecodedImage = {
  src: BROKEN_IMAGE_ICON,
  format: 'png',
  bytes: Uint8Array.from(Buffer.from(PNG, 'base64')),
  width: 14,
  height: 16,
};
