/**
 * Credentials for the harness: hands the node the decrypted data and applies the credential
 * type's `authenticate` for real as n8n's CredentialsHelper does: a function is called, a generic
 * block's expressions are resolved through the workflow's expression engine (n8n's own test stub
 * skips this and the header would be missing).
 */
import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';
import { join } from 'path';

export interface EdiCredentials {
	baseUrl: string;
	apiToken: string;
	/** Seconds; the credential's default when absent. */
	timeout?: number;
}

const { EdiExchangeApi } = require(
	join(__dirname, '..', 'dist', 'credentials', 'EdiExchangeApi.credentials.js'),
);

export const credentialType: ICredentialType = new EdiExchangeApi();

/** Another credential type a workflow uses (e.g. n8n's Header Auth in the bench's baseline). */
export interface ExtraCredential {
	data: ICredentialDataDecryptedObject;
	authenticate: IAuthenticateGeneric;
}

export class CredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly data: EdiCredentials,
		private readonly extra: Record<string, ExtraCredential> = {},
	) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const authenticate =
			typeName === credentialType.name
				? credentialType.authenticate
				: this.extra[typeName]?.authenticate;
		if (!authenticate) throw new Error(`Unexpected credential type ${typeName}`);
		if (typeof authenticate === 'function')
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		if (authenticate.type !== 'generic') {
			throw new Error('The harness applies generic authenticate blocks and functions only');
		}
		const options = requestOptions as IHttpRequestOptions & Record<string, Record<string, unknown>>;
		for (const [target, entries] of Object.entries(authenticate.properties)) {
			options[target] ??= {};
			for (const [key, value] of Object.entries(entries as Record<string, string>)) {
				options[target][String(this.resolve(key, credentials, workflow!, node!))] = this.resolve(
					value,
					credentials,
					workflow!,
					node!,
				);
			}
		}
		return options;
	}

	private resolve(
		value: string,
		credentials: ICredentialDataDecryptedObject,
		workflow: Workflow,
		node: INode,
	) {
		if (!value.startsWith('=')) return value;
		return workflow.expression.getSimpleParameterValue(
			node,
			value,
			'internal',
			{ $credentials: credentials },
			undefined,
			'',
		);
	}

	async preAuthentication(_helpers: IHttpRequestHelper): Promise<undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(_details: INodeCredentialsDetails, _type: string): Promise<ICredentials> {
		throw new Error('Not used by the harness');
	}

	async getDecrypted(
		_additionalData: unknown,
		_details: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		return { ...(this.extra[type]?.data ?? this.data) };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(): INodeProperties[] {
		return credentialType.properties;
	}
}
