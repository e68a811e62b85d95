package lockedfile

import "go.yaml.in/yaml/v3"

// SOPSEncrypted is the note text of a document SOPS encrypted.
const SOPSEncrypted = "encrypted with SOPS (decrypted when it is deployed)"

// IsSOPSDocument reports whether top, a document's top-level mapping, is
// a document SOPS encrypted: it holds a sops mapping with the mac SOPS
// signs the document with. Its values are ciphertext until a deploy
// (Flux's decryption, Terraform's sops provider, a sops step) decrypts
// them.
func IsSOPSDocument(top *yaml.Node) bool {
	if top == nil || top.Kind != yaml.MappingNode {
		return false
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		if top.Content[i].Value != "sops" || top.Content[i+1].Kind != yaml.MappingNode {
			continue
		}
		meta := top.Content[i+1]
		for j := 0; j+1 < len(meta.Content); j += 2 {
			if meta.Content[j].Value == "mac" {
				return true
			}
		}
	}
	return false
}
