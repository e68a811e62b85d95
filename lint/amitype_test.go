package lint

import "testing"

// TestOSOfAMIType reads the EKS AMI types of the API reference: Windows,
// Amazon Linux and Bottlerocket decide the OS; CUSTOM does not.
func TestOSOfAMIType(t *testing.T) {
	for typ, want := range map[string]string{
		"WINDOWS_CORE_2022_x86_64": OSWindows, "WINDOWS_FULL_2019_x86_64": OSWindows,
		"AL2_x86_64": OSLinux, "AL2_ARM_64": OSLinux, "AL2023_ARM_64_STANDARD": OSLinux,
		"AL2023_x86_64_NVIDIA": OSLinux, "BOTTLEROCKET_x86_64_NVIDIA": OSLinux,
		"CUSTOM": "", "": "", "WINDOWSX": "",
	} {
		if got := OSOfAMIType(typ); got != want {
			t.Errorf("OSOfAMIType(%q) = %q, want %q", typ, got, want)
		}
	}
}
