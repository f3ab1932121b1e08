/** What both nodes say about themselves in the editor. */

/**
 * n8n merges the action node and the trigger into one node-creator entry and shows the trigger's
 * description on it: one text for both, so the entry says what the actions do as well.
 */
export const NODE_DESCRIPTION =
	'Exchange EDI documents (850, 855, 856, 810, …) with trading partners: start a workflow when one arrives, send, read and accept them';

/**
 * The README section of a node. Given as the node's documentationUrl, which n8n opens as is: n8n
 * appends its tracking query to a codex documentation link, after the #anchor, breaking it.
 */
export const documentationUrl = (anchor: string) =>
	`https://github.com/n8n-nodes-edi-exchange/n8n-nodes-edi-exchange#${anchor}`;
