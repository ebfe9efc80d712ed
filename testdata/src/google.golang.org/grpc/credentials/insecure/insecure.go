// Package insecure is a stub of google.golang.org/grpc/credentials/insecure v1.85.0.
package insecure

import "google.golang.org/grpc/credentials"

type insecureTC struct{}

func (insecureTC) Info() credentials.ProtocolInfo {
	return credentials.ProtocolInfo{SecurityProtocol: "insecure"}
}

// NewCredentials returns a credentials which disables transport security.
func NewCredentials() credentials.TransportCredentials { return insecureTC{} }
