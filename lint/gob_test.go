package lint

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// TestEntityTypesComplete wants every type of this package that embeds
// Object (an Entity) in EntityTypes, so gob can encode it.
func TestEntityTypesComplete(t *testing.T) {
	pkgs, err := parser.ParseDir(token.NewFileSet(), ".", func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	for _, f := range pkgs["lint"].Files {
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			if st, ok := ts.Type.(*ast.StructType); ok {
				for _, fl := range st.Fields.List {
					if id, ok := fl.Type.(*ast.Ident); ok && len(fl.Names) == 0 && id.Name == "Object" {
						declared = append(declared, ts.Name.Name)
					}
				}
			}
			return true
		})
	}
	var listed []string
	for _, e := range EntityTypes() {
		listed = append(listed, reflect.TypeOf(e).Elem().Name())
	}
	sort.Strings(declared)
	sort.Strings(listed)
	if !reflect.DeepEqual(declared, listed) {
		t.Errorf("entity types declared %v, EntityTypes lists %v", declared, listed)
	}
}
