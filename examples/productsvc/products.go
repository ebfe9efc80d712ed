package main

import (
	"encoding/json"
	"net/http"
)

// Product is an item of the catalogue, priced in euros.
type Product struct {
	ID    string  `json:"id"`
	Name  string  `json:"name"`
	Price float64 `json:"price"`
}

// Service serves the catalogue.
type Service struct {
	catalogue map[string]Product
	rates     *RatesClient
}

func defaultCatalogue() map[string]Product {
	return map[string]Product{
		"1": {ID: "1", Name: "Espresso machine", Price: 249},
		"2": {ID: "2", Name: "Grinder", Price: 89},
	}
}

// handleProduct returns a product priced in the currency of ?currency=.
func (s *Service) handleProduct(w http.ResponseWriter, r *http.Request) {
	p, ok := s.catalogue[r.PathValue("id")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	if cur := r.URL.Query().Get("currency"); cur != "" && cur != "EUR" {
		rate, err := s.rates.RateWithRetry(r.Context(), "EUR", cur)
		if err != nil {
			http.Error(w, "currency unavailable", http.StatusBadGateway)
			return
		}
		p.Price *= rate
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(p)
}
