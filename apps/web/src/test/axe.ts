import axe from 'axe-core';

/**
 * The violations of some axe rules in the rendered document, one line per element. jsdom lays
 * nothing out, so rules that need a layout (colour contrast) are left to the e2e suite; rules
 * about names and roles work here.
 */
export async function axeViolations(rules: readonly string[], context: Element = document.body): Promise<string[]> {
  const results = await axe.run(context, { runOnly: { type: 'rule', values: [...rules] } });
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 120)}`));
}
