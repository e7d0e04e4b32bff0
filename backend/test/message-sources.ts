import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** Constants and functions by name: what an identifier in a message may stand for. */
type Scope = Map<string, ts.Expression | ts.FunctionDeclaration>;

/** Stands for a value put into a message at run time (a name, a number, a status). */
export const PARAM = '\u0000';

/** A message the backend can answer with, as written in its source. */
export interface SourceMessage {
  /** The text with {@link PARAM} where a value is put in; undefined when the message is not written in the source. */
  text?: string;
  /** `path:line` of the site, relative to backend/. */
  site: string;
  /** The source of the expression (for a message that is not written in the source). */
  expression: string;
}

const SKIP = /\.spec\.ts$|(^|\/)(testing|fixtures|[\w.-]*\.fixtures)\.ts$|(^|\/)(test|bench|scripts)\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !SKIP.test(path) ? [path] : [];
  });
}

/** The texts an expression can take: literals expanded (conditionals, `+`, template parts), other values as {@link PARAM}; undefined when nothing of it is literal. */
function texts(node: ts.Expression, consts: Scope, depth = 0): string[] | undefined {
  if (depth > 5) return undefined;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return texts(node.expression, consts, depth);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isConditionalExpression(node)) {
    // a branch of `undefined` carries no message (`refused ? 'text' : undefined` from a helper)
    const branches = [node.whenTrue, node.whenFalse].filter((b) => !(ts.isIdentifier(b) && b.text === 'undefined'));
    const both = branches.map((b) => texts(b, consts, depth + 1));
    return both.every((b) => b === undefined) ? undefined : both.flatMap((b) => b ?? [PARAM]);
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = texts(node.left, consts, depth + 1);
    const right = texts(node.right, consts, depth + 1);
    if (!left && !right) return undefined;
    return (left ?? [PARAM]).flatMap((l) => (right ?? [PARAM]).map((r) => l + r));
  }
  if (ts.isTemplateExpression(node)) {
    let out = [node.head.text];
    for (const span of node.templateSpans) {
      const parts = texts(span.expression, consts, depth + 1) ?? [PARAM];
      out = out.flatMap((o) => parts.map((p) => o + p + span.literal.text));
    }
    return out;
  }
  if (ts.isIdentifier(node) && consts.has(node.text)) {
    const value = consts.get(node.text)!;
    if (!ts.isFunctionDeclaration(value)) return texts(value, consts, depth + 1);
  }
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
    const fn = consts.get(node.expression.text);
    if (fn && ts.isFunctionDeclaration(fn)) return returnedTexts(fn, consts, depth + 1);
  }
  return undefined;
}

/** The texts a function returns (a message part made by a helper); undefined returns are left out. */
function returnedTexts(fn: ts.FunctionDeclaration, consts: Scope, depth: number): string[] | undefined {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && node !== fn) return;
    if (ts.isReturnStatement(node) && node.expression && !(ts.isIdentifier(node.expression) && node.expression.text === 'undefined')) {
      out.push(...(texts(node.expression, consts, depth) ?? [PARAM]));
    }
    ts.forEachChild(node, visit);
  };
  visit(fn);
  return out.length ? out : undefined;
}

/**
 * When `id` is a parameter of a named function or method, the arguments its calls in the same file
 * pass for it (a message handed to a helper that throws it); else undefined.
 */
function argumentsOf(sf: ts.SourceFile, id: ts.Identifier): ts.Expression[] | undefined {
  let fn: ts.Node | undefined = id.parent;
  while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
  if (!fn || !ts.isFunctionLike(fn) || !fn.name || !ts.isIdentifier(fn.name)) return undefined;
  const index = fn.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === id.text);
  if (index < 0) return undefined;
  const name = fn.name.text;
  const out: ts.Expression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.arguments[index]) {
      const callee = node.expression;
      const called = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (called === name) out.push(node.arguments[index]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out.length ? out : undefined;
}

/** `message` of an object literal (and of each of its `errors`), else the expression itself. */
function messageExpressions(arg: ts.Expression): ts.Expression[] {
  if (!ts.isObjectLiteralExpression(arg)) return [arg];
  const out: ts.Expression[] = [];
  for (const p of arg.properties) {
    if (!ts.isPropertyAssignment(p) || !ts.isIdentifier(p.name)) continue;
    if (p.name.text === 'message') out.push(p.initializer);
    if (p.name.text === 'errors' && ts.isArrayLiteralExpression(p.initializer)) {
      p.initializer.elements.forEach((e) => ts.isObjectLiteralExpression(e) && out.push(...messageExpressions(e)));
    }
  }
  return out;
}

const hasProperty = (o: ts.ObjectLiteralExpression, name: string) =>
  o.properties.some((p) => (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && ts.isIdentifier(p.name) && p.name.text === name);

/**
 * Every message the backend's source can answer with (walked with the TypeScript parser): the
 * argument of each `new …Exception(…)` (its `message` and `errors[].message` when an object),
 * `fieldError(field, message)`, a `{field, message}` error, a class-validator decorator's
 * `{message}`, the strings of constants named `…MESSAGE…` or `…_CODES`, and an import preview's
 * row errors (`errors.add(field, message)`, `new CellError(message)`) and notices.
 */
export function collectSourceMessages(roots: string[], base: string): SourceMessage[] {
  const found: SourceMessage[] = [];
  const files = roots.flatMap(sourceFiles).map((file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
  // constants of every file (a message held in an imported constant), a file's own declared over them
  const shared: Scope = new Map();
  const declareIn = (into: Scope) => {
    const declare = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) into.set(node.name.text, node.initializer);
      if (ts.isFunctionDeclaration(node) && node.name && node.body) into.set(node.name.text, node);
      ts.forEachChild(node, declare);
    };
    return declare;
  };
  files.forEach(declareIn(shared));
  for (const sf of files) {
    const file = sf.fileName;
    const consts = new Map(shared);
    const add = (expr: ts.Expression): void => {
      const site = `${relative(base, file)}:${sf.getLineAndCharacterOfPosition(expr.getStart()).line + 1}`;
      const passed = ts.isIdentifier(expr) ? argumentsOf(sf, expr) : undefined;
      if (passed) return passed.forEach(add);
      const list = texts(expr, consts);
      if (list) list.forEach((text) => found.push({ text, site, expression: expr.getText() }));
      else found.push({ site, expression: expr.getText() });
    };
    /** The texts listed in the array literals under `node` (not the conditions around them). */
    const listedIn = (node: ts.Node): void => {
      if (ts.isArrayLiteralExpression(node)) node.elements.forEach((e) => (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e) ? add(e) : listedIn(e)));
      else ts.forEachChild(node, listedIn);
    };
    const literalsIn = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) return add(node);
      ts.forEachChild(node, literalsIn);
    };
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && /MESSAGE|_CODES$|_FALLBACK$/.test(node.name.text)) {
        literalsIn(node.initializer);
      }
      // an import's preview: its notices (the texts listed in a `notices` property, a `…Notice(s)`
      // helper or constant) and its row errors (`errors.add(field, message)`, a CellError's message)
      const notices = ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'notices' && ts.isArrowFunction(node.initializer);
      if (notices || ((ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node)) && node.name && ts.isIdentifier(node.name) && /Notices?$/.test(node.name.text))) listedIn(node);
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'CellError' && node.arguments?.[0]) add(node.arguments[0]);
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'add' && node.arguments.length === 2 && /\/imports\//.test(file)) {
        add(node.arguments[1]);
      }
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text.endsWith('Exception') && node.arguments?.[0]) {
        messageExpressions(node.arguments[0]).forEach(add);
      }
      // an exception class's own message: `super(message, …)` in `class …Exception`
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword && node.arguments[0]) {
        let owner: ts.Node | undefined = node.parent;
        while (owner && !ts.isClassDeclaration(owner)) owner = owner.parent;
        if (owner && ts.isClassDeclaration(owner) && owner.name?.text.endsWith('Exception')) add(node.arguments[0]);
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        if (node.expression.text === 'fieldError' && node.arguments[1]) add(node.arguments[1]);
        const last = node.arguments[node.arguments.length - 1];
        if (ts.isDecorator(node.parent) && last && ts.isObjectLiteralExpression(last)) messageExpressions(last).forEach(add);
      }
      // a custom validator's message (ValidateBy's `defaultMessage: (args) => ...`)
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'defaultMessage' && ts.isArrowFunction(node.initializer)) {
        const body = node.initializer.body;
        if (!ts.isBlock(body)) add(body);
      }
      if (ts.isObjectLiteralExpression(node) && hasProperty(node, 'field') && hasProperty(node, 'message') && !ts.isArrayLiteralExpression(node.parent)) {
        messageExpressions(node).forEach(add);
      }
      ts.forEachChild(node, visit);
    };
    declareIn(consts)(sf);
    visit(sf);
  }
  return found;
}
