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

// TestWindowsBuildOfAMIType: the build of Windows Server 2019 and 2022
// AMI types; none for a Linux type or a Windows year not known.
func TestWindowsBuildOfAMIType(t *testing.T) {
	for typ, want := range map[string]string{
		"WINDOWS_CORE_2019_x86_64": "10.0.17763", "WINDOWS_FULL_2022_x86_64": "10.0.20348",
		"WINDOWS_CORE_2031_x86_64": "", "AL2023_x86_64_STANDARD": "", "CUSTOM": "",
	} {
		if got := WindowsBuildOfAMIType(typ); got != want {
			t.Errorf("WindowsBuildOfAMIType(%q) = %q, want %q", typ, got, want)
		}
	}
}
