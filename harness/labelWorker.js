'use strict';
// The renderer and the decoder off the test's thread (harness/labelScanner.ts): both are WebAssembly
// that blocks while it works, and a blocked thread lets the sandbox's kept-alive connections time
// out under the test's feet. Asked { id, zpl, dpmm, widthMm, heightMm }, answers { id, labels:
// [{ png (base64), codes: [{ symbology, text }] }] } or { id, error }.
const { Blob } = require('node:buffer');
const { readFileSync } = require('node:fs');
const { parentPort } = require('node:worker_threads');
const { ready } = require('zpl-renderer-js');
const zxing = require('zxing-wasm/reader');

// zxing-wasm fetches its .wasm from a CDN unless given the local file: offline, always local.
zxing.prepareZXingModule({
	overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) },
});

async function scan({ zpl, dpmm, widthMm, heightMm }) {
	const { api } = await ready;
	const images = await api.zplToBase64MultipleAsync(zpl, widthMm, heightMm, dpmm);
	const labels = [];
	for (const png of images) {
		const found = await zxing.readBarcodes(new Blob([Buffer.from(png, 'base64')]), {
			formats: ['Code128'],
			maxNumberOfSymbols: 8,
			tryHarder: true,
		});
		const codes = found
			.filter((b) => b.isValid)
			.map((b) => ({ symbology: b.symbologyIdentifier, text: b.text }));
		labels.push({ png, codes });
	}
	return labels;
}

parentPort.on('message', (request) => {
	scan(request).then(
		(labels) => parentPort.postMessage({ id: request.id, labels }),
		(error) => parentPort.postMessage({ id: request.id, error: String(error && error.stack) }),
	);
});
