// The kiln extension: `.rules` highlighting comes from the grammar in package.json; this
// starts `kiln lsp` (the executable named by the `kiln.path` setting) as the language server
// for `.rules` and `.mlir` files, over standard input and output.
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('kiln').get('path') || 'kiln';
  const serverOptions = { command, args: ['lsp'], transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'kiln-rules' },
      { scheme: 'file', language: 'mlir' },
    ],
  };
  client = new LanguageClient('kiln', 'kiln language server', serverOptions, clientOptions);
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
