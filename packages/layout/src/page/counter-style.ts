/** Page counters in a list-style-type (CSS Counter Styles 3 §6, the common predefined styles). */
export function formatCounter(value: number, style: string): string {
  switch (style) {
    case 'none':
      return '';
    case 'lower-roman':
      return roman(value).toLowerCase();
    case 'upper-roman':
      return roman(value);
    case 'lower-alpha':
    case 'lower-latin':
      return alpha(value).toLowerCase();
    case 'upper-alpha':
    case 'upper-latin':
      return alpha(value);
    case 'decimal-leading-zero':
      return value < 10 && value >= 0 ? `0${value}` : String(value);
    default:
      return String(value);
  }
}

function roman(n: number): string {
  if (n <= 0 || n >= 4000) return String(n);
  const table: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  for (const [v, s] of table)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}

function alpha(n: number): string {
  if (n <= 0) return String(n);
  let out = '';
  while (n > 0) {
    n--;
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26);
  }
  return out;
}
