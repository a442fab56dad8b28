/**
 * A small arithmetic evaluator: numbers, + - * / ** and parentheses, with Python's precedence
 * (`**` is right-associative and binds tighter than a unary minus on its left: -2**2 = -4).
 * It is a recursive-descent parser over its own tokens; nothing is ever handed to eval.
 * Every failure is a CalculatorError whose message tells the caller what to change.
 */

export const CALCULATOR_LIMITS = {
  maxInputLength: 500,
  /** Parentheses plus unary signs nested inside one another. */
  maxNestingDepth: 50,
  maxExponentMagnitude: 1000,
  /** Every number, literal or intermediate, must stay within ±maxMagnitude. */
  maxMagnitude: 1e15,
} as const;

export class CalculatorError extends Error {
  override readonly name = 'CalculatorError';
}

const SUPPORTED = 'calculator only takes numbers and + - * / ** ( )';

type Token =
  | { kind: 'number'; value: number; text: string; start: number; end: number }
  | { kind: 'operator'; text: '+' | '-' | '*' | '/' | '**' | '(' | ')'; start: number; end: number };

type Node =
  | { kind: 'number'; value: number; start: number; end: number }
  | { kind: 'negate' | 'plus'; operand: Node; start: number; end: number }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/' | '**'; left: Node; right: Node; start: number; end: number };

const NUMBER_PATTERN = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

function hintFor(char: string): string {
  if (char === ',') return ' Remove thousands separators (write 48000, not 48,000) and use a dot for decimals.';
  if (char === '^') return ' Write powers with ** (2**3), not ^.';
  if (char === 'x' || char === '×' || char === '·') return ' Multiply with *, e.g. 3 * 4.';
  if (char === '÷') return ' Divide with /, e.g. 8 / 2.';
  if (char === '%') return ' Percentages and modulo are not supported; write 15% of 200 as 0.15 * 200.';
  if (/[\p{L}_$]/u.test(char))
    return ' It cannot read files, call functions or use names; to read a file use a file tool, then put the numbers you found into the expression.';
  return " Pass one arithmetic expression such as '3 * (4 + 5)'.";
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    if (/\s/.test(char)) {
      i += 1;
      continue;
    }
    NUMBER_PATTERN.lastIndex = i;
    const number = NUMBER_PATTERN.exec(source);
    if (number) {
      const text = number[0];
      tokens.push({ kind: 'number', value: Number(text), text, start: i, end: i + text.length });
      i += text.length;
      continue;
    }
    if (source.startsWith('**', i)) {
      tokens.push({ kind: 'operator', text: '**', start: i, end: i + 2 });
      i += 2;
      continue;
    }
    if ('+-*/()'.includes(char)) {
      tokens.push({ kind: 'operator', text: char as '+' | '-' | '*' | '/' | '(' | ')', start: i, end: i + 1 });
      i += 1;
      continue;
    }
    const shown = String.fromCodePoint(source.codePointAt(i) as number);
    throw new CalculatorError(`Unexpected character '${shown}' at position ${i}. ${SUPPORTED}.${hintFor(shown)}`);
  }
  return tokens;
}

/** Parser over the token list; grammar: expr = term (+|- term)*, term = unary (*|/ unary)*, unary = (+|-) unary | power, power = primary [** unary], primary = number | ( expr ). */
class Parser {
  private index = 0;
  private depth = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
  ) {}

  parse(): Node {
    const node = this.expression();
    const extra = this.tokens[this.index];
    if (extra) {
      if (extra.kind === 'operator' && extra.text === ')') {
        throw new CalculatorError(`Unmatched ')' at position ${extra.start}. Remove it or add the matching '('.`);
      }
      const hint = extra.kind === 'number' || extra.text === '(' ? ` Put an operator before it, e.g. 2 * (3 + 4) rather than 2(3 + 4).` : '';
      throw new CalculatorError(`Expected an operator at position ${extra.start} but found '${extra.text}'.${hint}`);
    }
    return node;
  }

  private peekOperator(...operators: string[]): Token | undefined {
    const token = this.tokens[this.index];
    return token?.kind === 'operator' && operators.includes(token.text) ? token : undefined;
  }

  private enter(position: number): void {
    this.depth += 1;
    if (this.depth > CALCULATOR_LIMITS.maxNestingDepth) {
      throw new CalculatorError(
        `Expression is nested too deeply at position ${position} (more than ${CALCULATOR_LIMITS.maxNestingDepth} levels of parentheses or signs). Simplify it or split it into several calculations.`,
      );
    }
  }

  private expression(): Node {
    return this.leftAssociative(['+', '-'], () => this.term());
  }

  private term(): Node {
    return this.leftAssociative(['*', '/'], () => this.unary());
  }

  /** One precedence level of left-associative operators: operand (op operand)*, folded from the left. */
  private leftAssociative(operators: readonly ('+' | '-' | '*' | '/')[], operand: () => Node): Node {
    let left = operand();
    for (let op = this.peekOperator(...operators); op; op = this.peekOperator(...operators)) {
      this.index += 1;
      const right = operand();
      left = { kind: 'binary', operator: op.text as (typeof operators)[number], left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private unary(): Node {
    const sign = this.peekOperator('+', '-');
    if (!sign) return this.power();
    this.index += 1;
    this.enter(sign.start);
    const operand = this.unary();
    this.depth -= 1;
    return { kind: sign.text === '-' ? 'negate' : 'plus', operand, start: sign.start, end: operand.end };
  }

  private power(): Node {
    const base = this.primary();
    if (!this.peekOperator('**')) return base;
    this.index += 1;
    const exponent = this.unary();
    return { kind: 'binary', operator: '**', left: base, right: exponent, start: base.start, end: exponent.end };
  }

  private primary(): Node {
    const token = this.tokens[this.index];
    if (!token) {
      throw new CalculatorError(`The expression ends too early: a number or '(' is missing at the end of '${this.source.trim()}'.`);
    }
    if (token.kind === 'number') {
      this.index += 1;
      return { kind: 'number', value: token.value, start: token.start, end: token.end };
    }
    if (token.text === '(') {
      this.index += 1;
      this.enter(token.start);
      const inner = this.expression();
      this.depth -= 1;
      const close = this.peekOperator(')');
      if (!close) throw new CalculatorError(`Missing ')' for the '(' at position ${token.start}. Close every parenthesis you open.`);
      this.index += 1;
      return { ...inner, start: token.start, end: close.end };
    }
    if (token.text === ')') {
      throw new CalculatorError(`Unexpected ')' at position ${token.start}: a number or '(' was expected there. Check for an empty '()' or an unmatched ')'.`);
    }
    throw new CalculatorError(`Expected a number at position ${token.start} but found '${token.text}'. Put a number between two operators.`);
  }
}

function checkMagnitude(value: number, node: Node, source: string): number {
  const text = source.slice(node.start, node.end);
  if (Number.isNaN(value)) {
    throw new CalculatorError(`'${text}' is not a real number (for example a fractional power of a negative number). Change the expression.`);
  }
  if (!Number.isFinite(value) || Math.abs(value) > CALCULATOR_LIMITS.maxMagnitude) {
    throw new CalculatorError(
      `'${text}' is too large: numbers must stay within ±${CALCULATOR_LIMITS.maxMagnitude.toExponential()}. Use smaller numbers or change units.`,
    );
  }
  return value;
}

function evaluate(node: Node, source: string): number {
  switch (node.kind) {
    case 'number':
      return checkMagnitude(node.value, node, source);
    case 'negate':
      return -evaluate(node.operand, source);
    case 'plus':
      return evaluate(node.operand, source);
    case 'binary': {
      const left = evaluate(node.left, source);
      const right = evaluate(node.right, source);
      return checkMagnitude(applyOperator(node, left, right, source), node, source);
    }
  }
}

function applyOperator(node: Node & { kind: 'binary' }, left: number, right: number, source: string): number {
  switch (node.operator) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      if (right === 0) throw new CalculatorError(`Division by zero in '${source.slice(node.start, node.end)}'. Check the divisor.`);
      return left / right;
    case '**':
      if (Math.abs(right) > CALCULATOR_LIMITS.maxExponentMagnitude) {
        throw new CalculatorError(
          `Exponent ${right} in '${source.slice(node.start, node.end)}' is too large: exponents must stay within ±${CALCULATOR_LIMITS.maxExponentMagnitude}.`,
        );
      }
      if (left === 0 && right < 0)
        throw new CalculatorError(`Division by zero in '${source.slice(node.start, node.end)}': zero has no negative powers. Check the exponent.`);
      return left ** right;
  }
}

/** Evaluates an arithmetic expression; throws CalculatorError with a next-step message on any bad input. */
export function evaluateExpression(expression: string): number {
  if (expression.length > CALCULATOR_LIMITS.maxInputLength) {
    throw new CalculatorError(
      `Expression is ${expression.length} characters long; the limit is ${CALCULATOR_LIMITS.maxInputLength}. Split it into several smaller calculations.`,
    );
  }
  if (expression.trim() === '') throw new CalculatorError(`Empty expression. Pass arithmetic such as '3 * (4 + 5)'.`);
  const tokens = tokenize(expression);
  const tree = new Parser(tokens, expression).parse();
  return evaluate(tree, expression);
}
