// Shipping code (credentials/, nodes/) gets n8n's node linting and n8n's verification rules;
// the sandbox, tests, benchmarks and scripts get sensible TypeScript rules; every .js and .mjs
// outside dist/ gets ESLint's recommended rules.
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import communityNodes from '@n8n/eslint-plugin-community-nodes';
import tseslint from 'typescript-eslint';
import js from '@eslint/js';

const shipping = ['credentials/**/*.ts', 'nodes/**/*.ts'];

// The plain-JavaScript tools (scripts/n8n, scripts/e2e, gulpfile, configs) run on Node as CommonJS.
const nodeGlobals = Object.fromEntries(
	[
		'require',
		'module',
		'exports',
		'__dirname',
		'__filename',
		'process',
		'console',
		'Buffer',
		'URL',
		'setTimeout',
		'clearTimeout',
		'setInterval',
		'clearInterval',
	].map((name) => [name, 'readonly']),
);

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.tmp/**', '**/*.d.ts'] },
	{
		files: ['**/*.js', '**/*.mjs'],
		...js.configs.recommended,
		languageOptions: { ecmaVersion: 2022, sourceType: 'commonjs', globals: nodeGlobals },
		rules: {
			...js.configs.recommended.rules,
			'no-unused-vars': [
				'error',
				{
					argsIgnorePattern: '^_',
					varsIgnorePattern: '^_',
					caughtErrors: 'none',
					ignoreRestSiblings: true,
				},
			],
		},
	},
	{ files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
	...tseslint.configs.recommended.map((config) => ({ ...config, files: ['**/*.ts'] })),
	{
		files: ['**/*.ts'],
		rules: {
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
			],
		},
	},
	{ ...communityNodes.configs.recommended, files: shipping },
	{
		files: shipping,
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Only for nodes in n8n's own repository: community credentials link a full URL.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// Written before NodeConnectionTypes existed; n8n's own nodes now use NodeConnectionTypes.Main.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	{
		files: [
			'test/**/*.ts',
			'harness/**/*.ts',
			'bench/**/*.ts',
			'sandbox/**/*.ts',
			'scripts/**/*.ts',
		],
		rules: {
			'@typescript-eslint/no-require-imports': 'off',
			'@typescript-eslint/no-non-null-assertion': 'off',
			// Tests and tools read JSON from the wire: `any` is the honest type there.
			'@typescript-eslint/no-explicit-any': 'off',
		},
	},
);
